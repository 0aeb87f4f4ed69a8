export { DataTable, type DataTableProps, rowHeight } from './DataTable';
export { sortRowsLocally } from './local-rows';
export {
  isSelected,
  noSelection,
  selectAllMatching,
  selectionCount,
  type TableSelection,
} from './selection';
export type { RowAction, TableRow, TableState } from './types';
export { tableStateFromSearch, tableStateToSearch } from './url-state';
export { useTableUrlState } from './useTableUrlState';
