import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import { type PromotionLinkRow, promotionBenefitLabels, promotionLinkStateLabels } from '../../domain/marketing';
import { useCall } from '../../src/http';
import { Button } from '../../src/ui/Button';
import { formatDateTime } from '../../src/ui/dates';
import { type DetailColumn, DetailTable } from '../user-details/DetailTable';
import { TabState } from '../user-details/TabState';
import { OpsRowMenu } from './OpsRowMenu';

const columns: readonly DetailColumn<PromotionLinkRow>[] = [
  { header: 'Created', cell: (link) => formatDateTime(link.created_at) },
  { header: 'By', cell: (link) => link.created_by },
  { header: 'Benefit', cell: (link) => promotionBenefitLabels[link.benefit] },
  { header: 'Valid for', cell: (link) => `${link.duration} ${link.duration_unit.toLowerCase()}` },
  { header: 'Expires', cell: (link) => formatDateTime(link.expires_at) },
  { header: 'State', cell: (link) => promotionLinkStateLabels[link.state] },
  { header: 'Slug', cell: (link) => link.slug ?? '—' },
  {
    header: 'Link',
    cell: (link) => (
      <code className="block max-w-72 truncate text-xs" title={link.url}>
        {link.url}
      </code>
    ),
  },
  {
    header: 'Actions',
    cell: (link) => (
      <OpsRowMenu
        kind="promotionLink"
        label={`Promotion link #${link.id}`}
        quickActions={link.quick_actions}
        prefill={{ link_id: String(link.id) }}
      />
    ),
  },
];

/**
 * The offer generator (`/operations-center/offer-generator`): "Generate promotion link" (a signed link with its benefit
 * and expiry, copied from the result) and every link generated, with who made it, until when, and revoke.
 */
export function OfferGeneratorTab() {
  const { data, isLoading, error } = useCall(api.marketing.links, {});
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
        <DetailTable
          label="Promotion links"
          columns={columns}
          rows={data.links}
          rowKey={(link) => link.id}
          empty="No promotion link yet."
        />
      ) : (
        <TabState what="the promotion links" loading={isLoading} error={error} />
      )}
    </div>
  );
}
