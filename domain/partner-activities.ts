import { z } from 'zod';
import { defineArea, del, get, idParam, post, put } from './endpoint';
import { moneySchema } from './money';
import {
  amountSchema,
  baseUrlSchema,
  daySchema,
  optionalSlugSchema,
  optionalUtmSchema,
  plainText,
  utmValueSchema,
  versionSchema,
} from './partner-fields';
import { activityTypes, appTypes } from './partner-vocabulary';
import { pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';

/**
 * Partner activities (spec §3 "Partner activity", §7): what each partner does for us, its tracking link (base_url +
 * UTMs → `link`; a slug → `short_link` served by `/l/{slug}`), and the customers it brought. Tracking numbers come from
 * the customers whose utm_source, utm_campaign and utm_content equal the activity's; only holders of `view_tracking`
 * get them (the fields are absent for others).
 */

export const activityActions = ['EDIT_ACTIVITY', 'DELETE_ACTIVITY'] as const;

/** The tracking numbers an activity answers to `view_tracking` holders. */
export const trackingSchema = z.object({
  /** Customers attributed to the activity. */
  num_of_signups: z.number().int(),
  /** Of those, customers on a paying plan now. */
  num_of_subscribers: z.number().int(),
  /** Of those, customers who used the app (a recorded last activity). */
  num_of_logins: z.number().int(),
  /** Of those, customers who edit in Lightroom. */
  num_of_lightroom_users: z.number().int(),
  /** Cost ÷ subscribers; null without subscribers. */
  cac: moneySchema.nullable(),
  /** Opens of the short link. */
  clicks: z.number().int(),
});
export type Tracking = z.infer<typeof trackingSchema>;

/** The link builder's part of a body: the base URL, the UTM set and the optional slug. */
export const linkFields = {
  base_url: baseUrlSchema,
  utm_source: utmValueSchema,
  utm_medium: utmValueSchema,
  utm_campaign: utmValueSchema,
  utm_content: optionalUtmSchema.optional().default(null),
  slug: optionalSlugSchema.optional().default(null),
};

/** The link builder's part of an edit body (each field optional: only what changes) and the version read. */
export const linkEditFields = {
  base_url: baseUrlSchema.optional(),
  utm_source: utmValueSchema.optional(),
  utm_medium: utmValueSchema.optional(),
  utm_campaign: utmValueSchema.optional(),
  utm_content: optionalUtmSchema.optional(),
  slug: optionalSlugSchema.optional(),
  app_type: z.enum(appTypes).optional(),
  updated_at: versionSchema,
};

/** The link builder's part of an answered row, and what ends every activity row. */
export const linkRowFields = {
  base_url: z.string(),
  link: z.string(),
  slug: z.string().nullable(),
  short_link: z.string().nullable(),
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  utm_content: z.string().nullable(),
  app_type: z.enum(appTypes),
  updated_at: z.string(),
  quick_actions: z.array(quickActionSchema),
};

const activityFields = {
  partner_id: idParam,
  type: z.enum(activityTypes, { error: `must be one of: ${activityTypes.join(', ')}` }),
  description: plainText(2000).optional().default(''),
  /** Major units of USD. */
  cost: amountSchema,
  event_date: daySchema.nullable().optional().default(null),
  ignore_subscriber_grant: z.boolean().optional().default(false),
  app_type: z.enum(appTypes, { error: 'must be PHOTO or VIDEO' }).optional().default('PHOTO'),
  ...linkFields,
};

export const createActivityBody = z.object(activityFields).strict();
export type CreateActivityBody = z.input<typeof createActivityBody>;
/** A create body as the server reads it (defaults applied). */
export type CreateActivityFields = z.output<typeof createActivityBody>;

/** `PUT partners/activities/{id}`: the changed fields and the version read. */
export const updateActivityBody = z
  .object({
    partner_id: idParam.optional(),
    type: activityFields.type.optional(),
    description: plainText(2000).optional(),
    cost: amountSchema.optional(),
    event_date: daySchema.nullable().optional(),
    ignore_subscriber_grant: z.boolean().optional(),
    ...linkEditFields,
  })
  .strict();

/** One partner activity (spec §3 "Partner activity"); the tracking fields only for view_tracking. */
export const activityRowSchema = z
  .object({
    id: z.number().int(),
    partner_name: z.string(),
    partner_id: z.number().int(),
    type: z.enum(activityTypes),
    description: z.string(),
    cost: moneySchema,
    event_date: z.string().nullable(),
    ignore_subscriber_grant: z.boolean(),
    ...linkRowFields,
  })
  .extend(trackingSchema.partial().shape);
export type ActivityRow = z.infer<typeof activityRowSchema>;

const activityIdParams = z.object({ activity_id: idParam });

/** A campaign's name: what `utm_campaign` carries. */
export const campaignNameSchema = utmValueSchema;

export const partnerActivities = defineArea('partnerActivities', {
  filter: post('partners/activities_filter', {
    summary: 'Partner activities, filtered, sorted and paged in SQL, with their links and (view_tracking) numbers',
    permission: 'partner_managment',
    readOnly: true,
    body: tableQuerySchema,
    answer: z.object({
      headers: z.array(headerSchema),
      activities: z.array(activityRowSchema),
      meta: pageMetaSchema.extend({
        enable_column_selection: z.boolean(),
        total_number_of_activities: z.number().int(),
      }),
    }),
  }),
  create: post('partners/activities', {
    summary: 'Add an activity to a partner; 409 naming the field on a taken UTM set or slug',
    permission: 'partner_managment',
    body: createActivityBody,
    answer: activityRowSchema,
  }),
  update: put('partners/activities/:activity_id', {
    summary: 'Change an activity (409 stale_version when changed since updated_at); its short link follows',
    permission: 'partner_managment',
    params: activityIdParams,
    body: updateActivityBody,
    answer: activityRowSchema,
  }),
  remove: del('partners/activities/:activity_id', {
    summary: 'Delete an activity and its short link',
    permission: 'delete_activities',
    params: activityIdParams,
    answer: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  }),
  campaigns: get('partners/activities/campaigns', {
    summary: 'The campaigns activities can name in utm_campaign',
    permission: 'partner_managment',
    answer: z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  createCampaign: post('partners/activities/campaigns', {
    summary: 'Add a campaign (409 when the name exists)',
    permission: 'add_campaign',
    body: z.object({ name: campaignNameSchema }).strict(),
    answer: z.object({ id: z.number().int(), name: z.string() }),
  }),
  activityTypes: get('activity_types', {
    summary: 'The activity types (spec §3), with their labels',
    permission: 'partner_managment',
    answer: z.object({ data: z.array(z.object({ value: z.enum(activityTypes), label: z.string() })) }),
  }),
  isUniqueCampaign: get('is_unique_campaign', {
    summary: 'Whether no campaign has this name yet',
    permission: 'partner_managment',
    query: z.object({ name: campaignNameSchema }).strict(),
    answer: z.object({ data: z.object({ is_unique_campaign: z.boolean() }) }),
  }),
  isUniqueUtm: get('is_unique_utm', {
    summary: 'Whether no activity (partner or marketing) has this utm_source + utm_campaign + utm_content',
    permission: 'partner_managment',
    query: z
      .object({
        utm_source: utmValueSchema,
        utm_campaign: utmValueSchema,
        utm_content: optionalUtmSchema.optional(),
        /** The activity being edited (its own set counts as free). */
        activity_id: idParam.optional(),
        marketing_activity_id: idParam.optional(),
      })
      .strict(),
    answer: z.object({ data: z.object({ is_unique_utm: z.boolean() }) }),
  }),
  utmSources: get('utm_sources', {
    summary: 'The UTM sources the link builder offers (the usual ones, then those in use)',
    permission: 'partner_managment',
    answer: z.object({ data: z.array(z.string()) }),
  }),
  utmMediums: get('utm_mediums', {
    summary: 'The UTM mediums the link builder offers (the usual ones, then those in use)',
    permission: 'partner_managment',
    answer: z.object({ data: z.array(z.string()) }),
  }),
  isValidSlug: get('url_shortener/is_valid_slug', {
    summary: 'Whether a slug is well-formed and free for a new short link (/l/{slug})',
    permission: 'partner_managment',
    query: z.object({ slug: z.string().max(200) }).strict(),
    answer: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  }),
});
