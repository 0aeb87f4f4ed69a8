import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import { type BannerRow, bannerTypeLabels } from '../../domain/marketing';
import { useCall } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { type DetailColumn, DetailTable } from '../user-details/DetailTable';
import { TabState } from '../user-details/TabState';
import { BannerUploadPanel } from './BannerUploadPanel';
import { OpsRowMenu } from './OpsRowMenu';

function targeting(banner: BannerRow): string {
  const parts = [banner.country, banner.language, banner.subscription_type, banner.feature_flag].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Everyone';
}

/** The order cell: a button that Alt+↑ / Alt+↓ moves up or down (the "Move banner" command, prefilled). */
function OrderCell({ banner, count }: { banner: BannerRow; count: number }) {
  return (
    <button
      type="button"
      className="rounded px-1.5 tabular-nums hover:bg-hover focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
      aria-label={`Banner ${banner.banner_id}, position ${banner.order}; Alt+Up or Alt+Down moves it`}
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        event.preventDefault();
        const position = event.key === 'ArrowUp' ? banner.order - 1 : banner.order + 1;
        if (position < 1 || position > count) return;
        void runCommand('banner.reorder', {
          origin: 'button',
          prefill: { banner_id: String(banner.banner_id), position: String(position) },
        });
      }}
      onClick={() =>
        void runCommand('banner.reorder', { origin: 'button', prefill: { banner_id: String(banner.banner_id) } })
      }
    >
      {banner.order}
    </button>
  );
}

/**
 * Banners (`/operations-center/banners`, banner_management): upload the two images (progress, previews, cancel), create
 * the banner from them, and the carousel's banners in order — LIVE or PLANNED by date — reordered by keyboard.
 */
export function BannersTab() {
  const { data, isLoading, error } = useCall(api.marketing.banners, {});
  const focusUpload = new URLSearchParams(window.location.search).get('upload') === '1';
  const rows = data?.banners ?? [];
  const columns: readonly DetailColumn<BannerRow>[] = [
    { header: 'Order', cell: (banner) => <OrderCell banner={banner} count={rows.length} />, numeric: true },
    { header: 'Status', cell: (banner) => (banner.status === 'LIVE' ? 'Live' : 'Planned') },
    {
      header: 'Images',
      cell: (banner) => (
        <span className="flex items-center gap-2">
          <img
            src={banner.photo}
            alt={`Banner ${banner.banner_id} desktop`}
            className="h-8 w-32 rounded object-cover"
          />
          <img
            src={banner.mobile_photo}
            alt={`Banner ${banner.banner_id} mobile`}
            className="h-8 w-16 rounded object-cover"
          />
        </span>
      ),
    },
    { header: 'Type', cell: (banner) => bannerTypeLabels[banner.banner_type] },
    { header: 'Shown to', cell: targeting },
    { header: 'Starts', cell: (banner) => formatDateTime(banner.start_date) },
    { header: 'Ends', cell: (banner) => formatDateTime(banner.end_date) },
    { header: 'Opens', cell: (banner) => banner.redirect_url },
    {
      header: 'Actions',
      cell: (banner) => (
        <OpsRowMenu
          kind="banner"
          label={`Banner #${banner.banner_id}`}
          quickActions={banner.quick_actions}
          prefill={{ banner_id: String(banner.banner_id) }}
        />
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <BannerUploadPanel focus={focusUpload} />
      <section aria-labelledby="banner-list" className="flex flex-col gap-2">
        <h2 id="banner-list" className="text-sm font-semibold text-fg">
          Carousel
        </h2>
        {data ? (
          <DetailTable
            label="Banners"
            columns={columns}
            rows={rows}
            rowKey={(banner) => banner.banner_id}
            empty="No banner is live or planned."
          />
        ) : (
          <TabState what="the banners" loading={isLoading} error={error} />
        )}
      </section>
    </div>
  );
}
