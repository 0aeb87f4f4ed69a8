import { useCallback, useMemo } from 'react';
import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import type { PromotionLinkRow } from '../../domain/marketing';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { DataTable, type RowAction, sortRowsLocally, useTableUrlState } from '../../src/ui/table';
import { areaRowMenu, runWithRow } from '../partners-management/row-menu';
import { TabState } from '../user-details/TabState';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';

/**
 * The offer generator (`/operations-center/offer-generator`): "Generate promotion link" (a signed link with its benefit
 * and expiry, copied from the result) and every link generated (the virtualized table over the server's headers), with
 * who made it, until when, and revoke from the row menu.
 */
export function OfferGeneratorTab() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { data, isLoading, error, mutate } = useCall(api.marketing.links, {});
  useRefreshAfterRuns(() => void mutate());
  const rows = useMemo(() => sortRowsLocally(data?.links ?? [], state.sort, data?.headers ?? []), [data, state.sort]);
  const rowActions = useCallback(
    (link: PromotionLinkRow) => areaRowMenu('promotionLink', link.quick_actions, userRole),
    [userRole],
  );
  const onRowAction = useCallback(
    (link: PromotionLinkRow, action: RowAction) => runWithRow(action, { link_id: String(link.id) }),
    [],
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted">
          Links open <code>/p/…</code> on this server: a valid one sends the customer to checkout with the offer; an
          expired, revoked or altered one shows a page saying so.
        </p>
        <Button onClick={() => void runCommand('promotion.generate-link', { origin: 'button' })}>
          Generate promotion link
        </Button>
      </div>
      {data ? (
        <DataTable
          id="promotion-links"
          label="Promotion links"
          headers={data.headers}
          rows={rows}
          state={state}
          onStateChange={setState}
          filterable={false}
          rowActions={rowActions}
          onRowAction={onRowAction}
          rowLabel={(link) => `Promotion link #${link.id}`}
          toolbar={<span className="text-xs text-muted">{countOf(rows.length, 'link')}</span>}
          empty={<EmptyState title="No promotion link yet" message="Generate one: it is listed here." />}
        />
      ) : (
        <TabState what="the promotion links" loading={isLoading} error={error} />
      )}
    </div>
  );
}
