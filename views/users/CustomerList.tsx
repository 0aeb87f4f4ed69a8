import { useCallback, useMemo } from 'react';
import { navigateTo, userPath } from '../../commands/navigate';
import { customerName } from '../../commands/target';
import type { Header } from '../../domain/tables';
import type { CustomerRow } from '../../domain/users';
import { useSession } from '../../src/session/store';
import { DataTable, type RowAction, sortRowsLocally, useTableUrlState } from '../../src/ui/table';
import { loadingRowActions, useRowMenus } from '../shell/use-row-menus';
import { useFocusedCustomer } from './use-focused-customer';
import { useRefreshAfterRuns } from './use-refresh-after-runs';

interface CustomerListProps<R extends CustomerRow> {
  /** Names the table; its chosen columns are remembered under it. */
  id: string;
  label: string;
  headers: readonly Header[];
  rows: readonly R[];
  /** Revalidates the list after a row action. */
  onChanged?: () => void;
}

/** A short list of customers (search results, last viewed) in the data table, sorted in the browser. */
export function CustomerList<R extends CustomerRow>({ id, label, headers, rows, onChanged }: CustomerListProps<R>) {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const unfiltered = useMemo(() => ({ ...state, filters: [] }), [state]);
  const sorted = useMemo(() => sortRowsLocally(rows, state.sort, headers), [rows, state.sort, headers]);
  const onFocusRow = useFocusedCustomer();
  const menus = useRowMenus();
  const rowActions = useCallback(
    (row: R) => menus?.customerRowActions(row, userRole) ?? loadingRowActions,
    [menus, userRole],
  );
  useRefreshAfterRuns(() => onChanged?.());
  const onRowAction = useCallback((row: R, action: RowAction) => menus?.runCustomerRowAction(row, action), [menus]);
  return (
    <DataTable
      id={id}
      label={label}
      headers={headers}
      rows={sorted}
      state={unfiltered}
      onStateChange={setState}
      filterable={false}
      onOpen={(row) => navigateTo(userPath(row.id))}
      rowActions={rowActions}
      onRowAction={onRowAction}
      onFocusRow={onFocusRow}
      rowLabel={customerName}
      className="max-h-[calc(100vh-240px)] min-h-40"
      toolbar={
        <span className="text-xs text-muted">{rows.length === 1 ? '1 customer' : `${rows.length} customers`}</span>
      }
    />
  );
}
