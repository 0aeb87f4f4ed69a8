import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { subscribe } from 'valtio';
import { bulkCommandsFor, bulkTitle, startBulk } from '../../commands/bulk/flow';
import { runFinished, trackedRuns } from '../../commands/bulk/progress';
import { type BulkSelection, setBulkSelection } from '../../commands/bulk/selection';
import type { BulkTarget } from '../../domain/bulk';
import { useSession } from '../../src/session/store';
import {
  filterQueryOf,
  isSelected,
  noSelection,
  type RowAction,
  selectionCount,
  type TableSelection,
  type TableState,
} from '../../src/ui/table';

const bulkPrefix = 'bulk:';

/**
 * Selection for a customers table (the all-customers list): kept while the filter stays, published for the palette
 * (commands/bulk/selection.ts), and the selected rows' menus lead with the bulk form of each bulk command. A run
 * started from it clears it; `onRunFinished` refreshes the list once a run this tab follows has finished.
 */
export function useBulkSelection<R extends { id: number | string }>(
  state: TableState,
  matchingTotal: number | undefined,
  onRunFinished?: () => void,
) {
  const { userRole } = useSession();
  const [selection, setSelection] = useState<TableSelection>(noSelection);
  const latest = useRef(onRunFinished);
  latest.current = onRunFinished;
  useEffect(() => {
    const seen = new Map(trackedRuns.runs.map((run) => [run.id, runFinished(run)]));
    return subscribe(trackedRuns, () => {
      for (const run of trackedRuns.runs) {
        const was = seen.get(run.id);
        if (was === undefined && !runFinished(run)) setSelection(noSelection);
        if (was === false && runFinished(run)) latest.current?.();
        seen.set(run.id, runFinished(run));
      }
    });
  }, []);
  const filterKey = JSON.stringify([state.filters, state.sort ?? null]);
  // A new filter is a new list: what was selected in the old one is not in view any more.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what the effect reacts to
  useEffect(() => setSelection(noSelection), [filterKey]);
  const published = useMemo((): BulkSelection | null => {
    const count = selectionCount(selection, matchingTotal);
    if (count === 0) return null;
    const target: BulkTarget = selection.allMatching
      ? { filter: filterQueryOf(state) }
      : { ids: [...selection.ids].map(Number) };
    return { target, count };
  }, [selection, matchingTotal, state]);
  useEffect(() => setBulkSelection(published), [published]);
  useEffect(() => () => setBulkSelection(null), []);

  const withBulkActions = useCallback(
    (rowActions: (row: R) => RowAction[]) =>
      (row: R): RowAction[] => {
        const own = rowActions(row);
        if (!published || !isSelected(selection, row)) return own;
        const bulk = bulkCommandsFor(userRole).map((command) => ({
          id: `${bulkPrefix}${command.id}`,
          label: `${bulkTitle(command, published.count)}…`,
        }));
        return [...bulk, ...own];
      },
    [published, selection, userRole],
  );
  const withBulkRun = useCallback(
    (onRowAction: (row: R, action: RowAction) => void) => (row: R, action: RowAction) => {
      if (action.id.startsWith(bulkPrefix)) {
        if (published) startBulk(action.id.slice(bulkPrefix.length), published);
        return;
      }
      onRowAction(row, action);
    },
    [published],
  );
  return { selection, setSelection, withBulkActions, withBulkRun };
}
