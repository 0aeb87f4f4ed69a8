import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import { labelOf } from '../../domain/labels';
import {
  type BannerRow,
  bannerCountryLabels,
  bannerLanguageLabels,
  bannerSubscriptionTypeLabels,
  bannerTypeLabels,
  featureFlagLabels,
} from '../../domain/marketing';
import { useCall } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { type DetailColumn, DetailTable } from '../user-details/DetailTable';
import { TabState } from '../user-details/TabState';
import { BannerUploadPanel } from './BannerUploadPanel';
import { OpsRowMenu } from './OpsRowMenu';

type FieldOptions = Partial<Record<'countries' | 'languages' | 'subscription_types' | 'feature_flags', Option[]>>;
type Option = { value: string; label: string };

/** The label the server's field options give a value, else the console's own, else the value. */
function labelFrom(options: Option[] | undefined, fallback: Readonly<Record<string, string>>, value: string | null) {
  if (value === null) return null;
  return options?.find((option) => option.value === value)?.label ?? labelOf(fallback, value);
}

/** Who a banner is shown to, in words (the field options' labels: "United States · Trial"), or "Everyone". */
function targeting(banner: BannerRow, options: FieldOptions): string {
  const parts = [
    labelFrom(options.countries, bannerCountryLabels, banner.country),
    labelFrom(options.languages, bannerLanguageLabels, banner.language),
    labelFrom(options.subscription_types, bannerSubscriptionTypeLabels, banner.subscription_type),
    labelFrom(options.feature_flags, featureFlagLabels, banner.feature_flag),
  ].filter(Boolean);
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
  const { data: fieldOptions } = useCall(api.marketing.bannerFieldOptions, {});
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
    {
      header: 'Type',
      cell: (banner) => labelFrom(fieldOptions?.banner_types, bannerTypeLabels, banner.banner_type),
    },
    { header: 'Shown to', cell: (banner) => targeting(banner, fieldOptions ?? {}) },
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
