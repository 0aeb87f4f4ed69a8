import { api } from '../../domain/api';
import type { AnswerOf } from '../../domain/endpoint';
import { bannerForm } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { instantInWords } from '../../src/ui/day-meaning';
import { defineCommand, optionsFrom } from '../define';

type FieldOptions = AnswerOf<typeof api.marketing.bannerFieldOptions>;

/** The form's choices as the server lists them (`new_banner_field_options`): one call fills every select. */
const fromFieldOptions = (list: (options: FieldOptions) => readonly { value: string; label: string }[]) =>
  optionsFrom(api.marketing.bannerFieldOptions, {}, list);

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
      banner_type: { kind: 'select', label: 'Type', options: fromFieldOptions((options) => options.banner_types) },
      photo_upload_id: { kind: 'text', label: 'Desktop image', hint: 'Filled in by the Banners tab’s upload.' },
      mobile_photo_upload_id: { kind: 'text', label: 'Mobile image', hint: 'Filled in by the Banners tab’s upload.' },
      start_date: {
        kind: 'date',
        label: 'Starts',
        day: { at: 'start', zone: 'staff' },
        hint: 'A future start makes it planned.',
      },
      end_date: { kind: 'date', label: 'Ends', day: { at: 'end', zone: 'staff' } },
      redirect_url: { kind: 'text', label: 'Opens', placeholder: 'https://… or /path' },
      country: {
        kind: 'select',
        label: 'Country (all when empty)',
        options: fromFieldOptions((options) => options.countries),
      },
      language: {
        kind: 'select',
        label: 'Language (all when empty)',
        options: fromFieldOptions((options) => options.languages),
      },
      subscription_type: {
        kind: 'select',
        label: 'Subscription (all when empty)',
        options: fromFieldOptions((options) => options.subscription_types),
      },
      feature_flag: {
        kind: 'select',
        label: 'Feature flag (all when empty)',
        options: fromFieldOptions((options) => options.feature_flags),
      },
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
        },
      },
      { signal },
    ),
  revalidates: [api.marketing.banners],
  successMessage: ({ params }) =>
    `Banner created, from ${instantInWords(params.start_date)} to ${instantInWords(params.end_date)}`,
});
