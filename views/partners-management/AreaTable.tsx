import { type ReactNode, useCallback } from 'react';
import type { RowKind } from '../../commands/quick-actions';
import type { AnswerOf, Endpoint } from '../../domain/endpoint';
import type { Header, QuickAction } from '../../domain/tables';
import { useSession } from '../../src/session/store';
import { EmptyState } from '../../src/ui/EmptyState';
import {
  DataTable,
  FilteredEmpty,
  FirstPageFallback,
  ListTotal,
  type RowAction,
  type TableRow,
  useTableUrlState,
} from '../../src/ui/table';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { areaRowMenu, runWithRow } from './row-menu';
import { usePagedList } from './use-paged-list';

type ListAnswer = {
  headers: Header[];
  meta: { total_is_estimate: boolean; next_cursor: string | null; sort: { column: string; direction: 'asc' | 'desc' } };
};

export interface AreaTableProps<E extends Endpoint, R extends TableRow> {
  /** The DOM id and test handle of the table. */
  id: string;
  label: string;
  endpoint: E;
  rowsOf: (answer: AnswerOf<E>) => readonly R[];
  totalOf: (answer: AnswerOf<E>) => number;
  /** "partners", "activities": what the total counts. */
  noun: string;
  rowLabel: (row: R) => string;
  /** The row menu: the server's quick actions of this kind of row, then `extras` (command ids) the role may run. */
  menuKind: RowKind;
  extras?: readonly string[];
  /** The form values a row fills in for the command chosen from its menu. */
  prefill: (row: R, action: RowAction) => Record<string, string>;
  /** Enter on a row (e.g. a partner's activities). */
  onOpen?: (row: R) => void;
}

/**
 * One of the partners area's server lists in the DataTable: the server's headers, filters and sort in the address,
 * pages by cursor, a row menu of commands, refreshed in place after any command run.
 */
export function AreaTable<E extends Endpoint, R extends TableRow & { quick_actions?: readonly QuickAction[] }>(
  props: AreaTableProps<E, R>,
) {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { menuKind, extras, prefill } = props;
  const rowActions = useCallback(
    (row: R) => areaRowMenu(menuKind, row.quick_actions, userRole, extras),
    [menuKind, extras, userRole],
  );
  const onRowAction = useCallback((row: R, action: RowAction) => runWithRow(action, prefill(row, action)), [prefill]);
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = usePagedList(
    props.endpoint,
    state,
    props.rowsOf,
  );
  const reload = useCallback(() => void refresh(), [refresh]);
  useRefreshAfterRuns(reload);
  let body: ReactNode;
  if (!first) {
    body = (
      <FirstPageFallback
        what={`the ${props.noun}`}
        isLoading={isLoading}
        error={error}
        onRetry={reload}
        state={state}
        onStateChange={setState}
      />
    );
  } else if (!(first as unknown as Partial<ListAnswer>).headers) {
    body = <EmptyState title={`Could not load the ${props.noun}`} message="The server’s answer has no table." />;
  } else {
    const answer = first as unknown as ListAnswer;
    body = (
      <DataTable
        id={props.id}
        label={props.label}
        headers={answer.headers}
        rows={rows}
        state={state}
        onStateChange={setState}
        defaultSort={answer.meta.sort}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        onOpen={props.onOpen}
        rowActions={rowActions}
        onRowAction={onRowAction}
        rowLabel={props.rowLabel}
        autoFocus
        toolbar={
          <ListTotal
            busy={isLoading || loadingMore}
            total={props.totalOf(first)}
            estimate={answer.meta.total_is_estimate}
            noun={props.noun}
            testId={`${props.id}-total`}
          />
        }
        empty={
          <FilteredEmpty
            title={`No ${props.noun}`}
            message="Nothing matches these filters."
            error={error}
            state={state}
            onStateChange={setState}
          />
        }
      />
    );
  }
  return body;
}
