import { useCallback } from 'react';
import { navigateTo, userPath } from '../../commands/navigate';
import { customerName } from '../../commands/target';
import type { CustomerRow } from '../../domain/users';
import { useSession } from '../../src/session/store';
import {
  DataTable,
  FilteredEmpty,
  FirstPageFallback,
  formatTotal,
  ListStatus,
  type RowAction,
  useTableUrlState,
} from '../../src/ui/table';
import { useBulkSelection } from '../bulk-runs/use-bulk-selection';
import { loadingRowActions, useRowMenus } from '../shell/use-row-menus';
import { useFocusedCustomer } from './use-focused-customer';
import { useRefreshAfterRuns } from './use-refresh-after-runs';
import { useUsersFilter } from './use-users-filter';

const count = new Intl.NumberFormat('en-US');

/** Every customer (`see_all_users`): filtered, sorted and paged by the server, the view kept in the address. */
export function AllUsersTab() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = useUsersFilter(state);
  const onFocusRow = useFocusedCustomer();
  // Space, Shift+↑/↓, Ctrl/Cmd+A and "select all N matching": the palette and row menus then offer bulk commands.
  const bulk = useBulkSelection<CustomerRow>(state, first?.meta.total_number_of_users, () => void refresh());
  const menus = useRowMenus();
  const rowActions = useCallback(
    (row: CustomerRow) => menus?.customerRowActions(row, userRole) ?? loadingRowActions,
    [menus, userRole],
  );
  useRefreshAfterRuns(() => void refresh());
  const onRowAction = useCallback(
    (row: CustomerRow, action: RowAction) => menus?.runCustomerRowAction(row, action),
    [menus],
  );

  if (!first) {
    return (
      <FirstPageFallback
        what="the customers"
        isLoading={isLoading}
        error={error}
        onRetry={() => void refresh()}
        state={state}
        onStateChange={setState}
      />
    );
  }
  const meta = first.meta;
  const total = formatTotal(meta.total_number_of_users, meta.total_is_estimate);
  return (
    <DataTable
      id="users.all"
      label="All customers"
      headers={first.headers}
      rows={rows}
      state={state}
      onStateChange={setState}
      defaultSort={meta.sort}
      columnSelection={meta.enable_column_selection}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={loadMore}
      onOpen={(row) => navigateTo(userPath(row.id))}
      rowActions={bulk.withBulkActions(rowActions)}
      onRowAction={bulk.withBulkRun(onRowAction)}
      onFocusRow={onFocusRow}
      rowLabel={customerName}
      autoFocus
      selection={bulk.selection}
      onSelectionChange={bulk.setSelection}
      matchingTotal={meta.total_number_of_users}
      toolbar={
        <ListStatus busy={isLoading || loadingMore}>
          <span>
            <span className="font-medium text-fg tabular-nums" data-testid="users-total">
              {total}
            </span>{' '}
            {meta.total_number_of_users === 1 ? 'customer' : 'customers'}
            {rows.length < meta.total_number_of_users ? ` · ${count.format(rows.length)} loaded` : ''}
          </span>
        </ListStatus>
      }
      empty={
        <FilteredEmpty
          title="No customer matches these filters"
          message="Change or remove a filter to see more."
          error={error}
          state={state}
          onStateChange={setState}
        />
      }
    />
  );
}
