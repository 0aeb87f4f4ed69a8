export { tableStateFromSearch, tableStateToSearch } from '../../../domain/table-url';
export { DataTable, type DataTableProps, rowHeight } from './DataTable';
export { FilteredEmpty, type FilteredEmptyProps } from './FilteredEmpty';
export { FirstPageFallback, type FirstPageFallbackProps } from './FirstPageFallback';
export { type FilterQuery, filterQueryOf } from './filter-query';
export { formatTotal, ListStatus, ListTotal, type ListTotalProps } from './ListStatus';
export { localColumn } from './local-column';
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
