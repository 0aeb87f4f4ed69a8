export { tableStateFromSearch, tableStateToSearch } from '../../../domain/table-url';
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
export { useTableUrlState } from './useTableUrlState';
