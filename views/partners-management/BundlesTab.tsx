import { type ReactNode, useCallback, useMemo } from 'react';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import type { BundleRow } from '../../domain/partner-bundles';
import { bundleActionLabels, bundleActions } from '../../domain/partner-vocabulary';
import type { Header } from '../../domain/tables';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { EmptyState } from '../../src/ui/EmptyState';
import {
  DataTable,
  FirstPageFallback,
  localColumn,
  type RowAction,
  sortRowsLocally,
  useTableUrlState,
} from '../../src/ui/table';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { areaRowMenu, moneyText, runWithRow } from './row-menu';

/** A bundle column: sorted in the browser, so every column but the menu and the link is sortable. */
const column = (key: string, label: string, type: Header['type'], extra: Partial<Header> = {}): Header =>
  localColumn(key, label, type, { sortable: type !== 'ROW_MENU' && type !== 'LINK', ...extra });

/** `GET partners/bundles` answers no headers (the spec's shape): the columns of its fields, sorted in the browser. */
const bundleHeaders: readonly Header[] = [
  column('id', 'ID', 'NUMBER'),
  column('bundle_name', 'Bundle', 'TEXT'),
  column('seller_name', 'Seller', 'TEXT'),
  column('price', 'Price', 'CURRENCY'),
  column('state', 'State', 'STATUS', {
    options: ['NOT_IN_SHOP', 'IN_SHOP', 'DELETED'],
    option_labels: { NOT_IN_SHOP: 'Not in shop', IN_SHOP: 'In shop', DELETED: 'Deleted' },
  }),
  column('discount_percentage', 'Discount %', 'NUMBER'),
  column('start_date', 'Discount from', 'DATE'),
  column('expiry_date', 'Discount until', 'DATE'),
  column('URL', 'Page', 'LINK'),
  column('page_version', 'Page version', 'NUMBER', { default_visible: false }),
  column('table_id', 'Table id', 'NUMBER', { default_visible: false }),
  column('date', 'Created', 'DATETIME'),
  column('quick_actions', 'Actions', 'ROW_MENU', {
    options: [...bundleActions],
    option_labels: bundleActionLabels,
  }),
];

type BundleTableRow = BundleRow & { id: number; state: string };

function bundlePrefill(row: BundleTableRow, action: RowAction): Record<string, string> {
  const prefill: Record<string, string> = { bundle_id: String(row.bundle_id) };
  if (action.id === 'bundle.re-order-photos') prefill.photos = row.photos.join('\n');
  if (action.id === 'bundle.update') {
    prefill.bundle_name = row.bundle_name;
    prefill.seller_name = row.seller_name;
  }
  if (action.id === 'bundle.change-price') prefill.price = moneyText(row.price);
  return prefill;
}

/** Bundles tab: the shop's bundles, each with exactly the actions its state offers (spec §4). */
export function BundlesTab() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { data, error, isLoading, mutate } = useCall(api.bundles.list, {});
  useRefreshAfterRuns(() => void mutate());
  const rows = useMemo(() => {
    const all = (data?.bundles ?? []).map((bundle) => ({
      ...bundle,
      id: bundle.bundle_id,
      state: bundle.is_deleted ? 'DELETED' : bundle.is_in_shop ? 'IN_SHOP' : 'NOT_IN_SHOP',
    }));
    return sortRowsLocally(all, state.sort, bundleHeaders);
  }, [data, state.sort]);
  const rowActions = useCallback(
    (row: BundleTableRow) => areaRowMenu('bundle', row.quick_actions, userRole),
    [userRole],
  );
  const onRowAction = useCallback(
    (row: BundleTableRow, action: RowAction) => runWithRow(action, bundlePrefill(row, action)),
    [],
  );
  let body: ReactNode;
  if (!data) {
    body = (
      <FirstPageFallback
        what="the bundles"
        isLoading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        state={state}
        onStateChange={setState}
      />
    );
  } else {
    body = (
      <DataTable
        id="bundles"
        label="Bundles"
        headers={bundleHeaders}
        rows={rows}
        state={state}
        onStateChange={setState}
        filterable={false}
        rowActions={rowActions}
        onRowAction={onRowAction}
        rowLabel={(row) => row.bundle_name}
        autoFocus
        toolbar={<span className="text-xs text-muted">{countOf(rows.length, 'bundle')}</span>}
        empty={<EmptyState title="No bundles" message="No seller has a bundle yet." />}
      />
    );
  }
  return body;
}
