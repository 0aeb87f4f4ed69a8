import { api } from '../../domain/api';
import {
  bannerCountries,
  bannerLanguages,
  bannerSubscriptionTypes,
  bannerTypeLabels,
  bannerTypes,
  featureFlags,
} from '../../domain/marketing';
import { bannerForm } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export default defineCommand({
  id: 'banner.create',
  title: 'Create banner',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['banner', 'new', 'schedule', 'carousel'],
  params: {
    schema: bannerForm,
    fields: {
      banner_type: {
        kind: 'select',
        label: 'Type',
        options: bannerTypes.map((value) => ({ value, label: bannerTypeLabels[value] })),
      },
      photo_upload_id: { kind: 'text', label: 'Desktop image', hint: 'Filled in by the Banners tab’s upload.' },
      mobile_photo_upload_id: { kind: 'text', label: 'Mobile image', hint: 'Filled in by the Banners tab’s upload.' },
      start_date: {
        kind: 'text',
        label: 'Starts',
        placeholder: 'YYYY-MM-DD',
        hint: 'From 00:00 UTC; a future start makes it PLANNED.',
      },
      end_date: { kind: 'text', label: 'Ends', placeholder: 'YYYY-MM-DD', hint: 'Until 23:59 UTC.' },
      redirect_url: { kind: 'text', label: 'Opens', placeholder: 'https://… or /path' },
      country: { kind: 'select', label: 'Country (all when empty)', options: plain(bannerCountries) },
      language: { kind: 'select', label: 'Language (all when empty)', options: plain(bannerLanguages) },
      subscription_type: {
        kind: 'select',
        label: 'Subscription (all when empty)',
        options: plain(bannerSubscriptionTypes),
      },
      feature_flag: { kind: 'select', label: 'Feature flag (all when empty)', options: plain(featureFlags) },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(
      api.marketing.createBanner,
      {
        body: {
          ...params,
          country: params.country ?? null,
          language: params.language ?? null,
          subscription_type: params.subscription_type ?? null,
          feature_flag: params.feature_flag ?? null,
          start_date: `${params.start_date}T00:00:00Z`,
          end_date: `${params.end_date}T23:59:59Z`,
        },
      },
      { signal },
    ),
  revalidates: [api.marketing.banners],
  successMessage: ({ params }) => `Banner created, from ${params.start_date} to ${params.end_date}`,
});
