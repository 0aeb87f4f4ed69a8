import { api } from '../../domain/api';
import { idParam } from '../../domain/endpoint';
import { optionalUtmSchema, slugSchema, utmValueSchema } from '../../domain/partner-fields';
import { appTypeLabels, appTypes } from '../../domain/partner-vocabulary';
import { call } from '../../src/http';
import { type FieldSpec, optionsFrom } from '../define';
import type { AvailabilitySpec } from '../field-availability';
import type { FormValues } from '../form-values';
import { partnerField } from '../record-choices';

/** What an activity command changes on screen. */
export const activityViews = [
  api.partnerActivities.filter,
  api.marketingActivities.filter,
  api.partners.filter,
  api.partnerActivities.campaigns,
] as const;

const text = (values: Readonly<FormValues>, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};
const idOf = (values: Readonly<FormValues>, name: string) => {
  const parsed = idParam.safeParse(text(values, name));
  return parsed.success ? parsed.data : undefined;
};

/** The UTM set is not used by another activity of either table (the edited one keeps its own). */
export const utmAvailability: AvailabilitySpec = {
  key: (values) => {
    const source = utmValueSchema.safeParse(text(values, 'utm_source'));
    const campaign = utmValueSchema.safeParse(text(values, 'utm_campaign'));
    const content = optionalUtmSchema.safeParse(text(values, 'utm_content'));
    if (!source.success || !campaign.success || !content.success) return null;
    const own = `${idOf(values, 'activity_id') ?? ''}/${idOf(values, 'marketing_activity_id') ?? ''}`;
    return `${source.data}|${campaign.data}|${content.data ?? ''}|${own}`;
  },
  check: async (values, signal) => {
    const content = text(values, 'utm_content');
    const answer = await call(
      api.partnerActivities.isUniqueUtm,
      {
        query: {
          utm_source: text(values, 'utm_source'),
          utm_campaign: text(values, 'utm_campaign'),
          ...(content ? { utm_content: content } : {}),
          activity_id: idOf(values, 'activity_id'),
          marketing_activity_id: idOf(values, 'marketing_activity_id'),
        },
      },
      { signal, silent: true },
    );
    return answer.data.is_unique_utm ? null : 'Another activity already uses this source + campaign + content';
  },
};

/** The slug is well-formed and free (an edited activity's own slug counts as free: unchanged, nothing to check). */
export const slugAvailability: AvailabilitySpec = {
  key: (values) => {
    const slug = text(values, 'slug');
    if (!slug || !slugSchema.safeParse(slug).success) return null;
    const previous = text(values, 'previous_slug');
    return slug === previous ? null : slug;
  },
  check: async (values, signal) => {
    const answer = await call(
      api.partnerActivities.isValidSlug,
      { query: { slug: text(values, 'slug') } },
      { signal, silent: true },
    );
    return answer.available ? null : (answer.reason ?? 'This short link is not available').replace(/^slug: /, '');
  },
};

/** The server's UTM values (the usual ones, then those in use), suggested as a source or medium is typed. */
const suggestionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The link builder's fields, shared by partner and marketing activities. */
export const linkFieldSpecs = {
  base_url: { kind: 'text', label: 'Base URL', placeholder: 'https://…', hint: 'The page the link opens.' },
  utm_source: {
    kind: 'text',
    label: 'UTM source',
    placeholder: 'instagram, youtube, newsletter…',
    availability: utmAvailability,
    options: optionsFrom(api.partnerActivities.utmSources, {}, (answer) => suggestionsOf(answer.data)),
  },
  utm_medium: {
    kind: 'text',
    label: 'UTM medium',
    placeholder: 'social, video, email…',
    options: optionsFrom(api.partnerActivities.utmMediums, {}, (answer) => suggestionsOf(answer.data)),
  },
  utm_campaign: { kind: 'text', label: 'UTM campaign', placeholder: 'a campaign name' },
  utm_content: { kind: 'text', label: 'UTM content', placeholder: 'optional' },
  slug: {
    kind: 'text',
    label: 'Short link',
    placeholder: 'optional, e.g. spring-reel',
    hint: 'Opens at /l/… and counts each click.',
    availability: slugAvailability,
  },
  app_type: {
    kind: 'select',
    label: 'App',
    placeholder: 'Photo',
    options: appTypes.map((value) => ({ value, label: appTypeLabels[value] })),
  },
} satisfies Record<string, FieldSpec>;

/** The partner activity form's own fields. */
export const activityFieldSpecs = {
  partner_id: partnerField,
  type: {
    kind: 'select',
    label: 'Type',
    placeholder: 'Choose a type…',
    options: optionsFrom(api.partnerActivities.activityTypes, {}, (answer) => answer.data),
  },
  description: { kind: 'textarea', label: 'Description', placeholder: 'What they do' },
  cost: { kind: 'money', label: 'Cost', placeholder: '0', hint: 'In USD.' },
  event_date: { kind: 'date', label: 'Event date' },
  ...linkFieldSpecs,
  ignore_subscriber_grant: { kind: 'checkbox', label: 'Ignore subscriber grant' },
} satisfies Record<string, FieldSpec>;
