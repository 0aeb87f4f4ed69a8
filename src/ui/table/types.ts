import type { ReactNode } from 'react';
import type { TableFilter, TableSort } from '../../../domain/table-query';
import type { QuickAction } from '../../../domain/tables';

/** What a table shows: its filters (AND), its sort (the server's default when absent), its columns (remembered when absent). */
export interface TableState {
  filters: TableFilter[];
  sort?: TableSort;
  /** Visible column keys in display order; absent: the person's remembered choice, else the headers' defaults. */
  columns?: string[];
}

/** The smallest row a table renders: an id, optional server quick actions, and the headers' keys. */
export interface TableRow {
  id: number | string;
  quick_actions?: readonly QuickAction[];
}

/** One entry of a row's action menu, as the caller maps it from the row's quick actions. */
export interface RowAction {
  /** Stable: passed back to `onRowAction` (e.g. a command id). */
  id: string;
  label: string;
  /** Shown, not runnable, with this reason. */
  disabledReason?: string;
  /** A keyboard shortcut to show beside it, e.g. `Shift+S`. */
  shortcut?: string;
}

export const emptyTableState: TableState = { filters: [] };

/** A table body's window onto its rows, plain or virtual (`TableRows`). */
export interface RowsWindowProps {
  count: number;
  rowHeight: number;
  /** The scrolling box around the table (null until it is attached). */
  scroller: HTMLDivElement | null;
  /** Renders row `index` at `start` px from the body's top. */
  renderRow: (index: number, start: number) => ReactNode;
  /** The first and last index rendered, after each change. */
  onRange: (first: number, last: number) => void;
  /** Set by the body: brings row `index` into view (the sticky header row above it taken into account). */
  scrollTo: { current: ((index: number) => void) | null };
}
