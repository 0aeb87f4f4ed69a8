import type { TableRow } from './types';

/**
 * Which rows of a table are selected: some rows by id, or every row the table's filter matches (`allMatching`, the
 * server selects them: the ids are not shipped). `anchor` is where a Shift+↑/↓ range starts.
 */
export interface TableSelection {
  ids: ReadonlySet<TableRow['id']>;
  allMatching: boolean;
  anchor: number | null;
}

export const noSelection: TableSelection = { ids: new Set(), allMatching: false, anchor: null };

/** How many rows a selection holds, given the filter's total (for `allMatching`). */
export function selectionCount(selection: TableSelection, matchingTotal: number | undefined): number {
  return selection.allMatching ? (matchingTotal ?? selection.ids.size) : selection.ids.size;
}

/** Space: the focused row in or out (a whole-filter selection becomes the loaded rows but that one). */
export function toggleRow(selection: TableSelection, rows: readonly TableRow[], index: number): TableSelection {
  const row = rows[index];
  if (!row) return selection;
  const ids = new Set(selection.allMatching ? rows.map((each) => each.id) : selection.ids);
  if (ids.has(row.id)) ids.delete(row.id);
  else ids.add(row.id);
  return { ids, allMatching: false, anchor: index };
}

/**
 * Shift+↑/↓ from `from` to `to`: the rows between the anchor (or `from`) and `to` join the selection, as in a file
 * list; moving back towards the anchor drops the row left behind.
 */
export function extendTo(
  selection: TableSelection,
  rows: readonly TableRow[],
  from: number,
  to: number,
): TableSelection {
  const anchor = selection.anchor ?? from;
  const ids = new Set(selection.allMatching ? rows.map((each) => each.id) : selection.ids);
  const towardsAnchor = Math.abs(to - anchor) < Math.abs(from - anchor);
  if (towardsAnchor) {
    const left = rows[from];
    if (left) ids.delete(left.id);
  } else {
    const [low, high] = anchor <= to ? [anchor, to] : [to, anchor];
    for (let index = low; index <= high; index++) {
      const row = rows[index];
      if (row) ids.add(row.id);
    }
  }
  return { ids, allMatching: false, anchor };
}

/** Ctrl/Cmd+A: every loaded row. */
export function selectLoaded(rows: readonly TableRow[]): TableSelection {
  return { ids: new Set(rows.map((row) => row.id)), allMatching: false, anchor: null };
}

/** "Select all N matching this filter". */
export function selectAllMatching(rows: readonly TableRow[]): TableSelection {
  return { ids: new Set(rows.map((row) => row.id)), allMatching: true, anchor: null };
}

/** Whether a row is selected. */
export function isSelected(selection: TableSelection, row: TableRow): boolean {
  return selection.allMatching || selection.ids.has(row.id);
}
