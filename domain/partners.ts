import { z } from 'zod';
import { defineArea, del, get, idParam, post, put } from './endpoint';
import { moneySchema } from './money';
import { amountSchema, optionalSlugSchema, plainText, requiredText, versionSchema } from './partner-fields';
import { formsOfPayment, partnerTypes, refPattern } from './partner-vocabulary';
import { pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';

/**
 * Partners (spec §3 "Partner", §7 "Partners"): the marketing partners we pay, their owners among the staff, the
 * availability checks of their e-mail and ref, and their public profile page. `num_of_activities`,
 * `total_subscribers` and `cac` are computed when read; the last two only for holders of `view_tracking`.
 */

export const partnerActions = ['EDIT_PARTNER', 'DELETE_PARTNER'] as const;

/** A partner's e-mail: trimmed, lower-cased, unique among partners. */
export const partnerEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .email('must be an e-mail address')
  .max(254, 'must be at most 254 characters');

/** A partner's ref (referral code): unique among partners, compared case-insensitively. */
export const partnerRefSchema = z
  .string()
  .trim()
  .regex(refPattern, 'use 2–40 letters, digits, “_” or “-”, starting with a letter or digit');

const partnerFields = {
  name: requiredText(200),
  type: z.enum(partnerTypes, { error: `must be one of: ${partnerTypes.join(', ')}` }),
  email: partnerEmailSchema,
  ref: partnerRefSchema,
  /** The partner's own customer account (their talent profiles), if any. */
  user_id: idParam.nullable(),
  trial_photos_new_user: z.number().int('must be a whole number').min(0, 'must not be negative').max(10_000),
  /** Major units of USD (12.5 = $12.50). */
  credit_per_subscriber: amountSchema,
  form_of_payment: z.enum(formsOfPayment, { error: 'must be CREDIT or CASH' }),
  /** A staff member from `GET partners/partner_owners`. */
  owner_tp_user_id: idParam.nullable(),
  count_in_reports: z.boolean(),
  skip_base_payment: z.boolean(),
};

/** `POST partners`: name, type, email and ref are required; the rest have defaults. */
export const createPartnerBody = z
  .object({
    ...partnerFields,
    user_id: partnerFields.user_id.optional().default(null),
    trial_photos_new_user: partnerFields.trial_photos_new_user.default(0),
    credit_per_subscriber: partnerFields.credit_per_subscriber.default(0),
    form_of_payment: partnerFields.form_of_payment.default('CREDIT'),
    owner_tp_user_id: partnerFields.owner_tp_user_id.optional().default(null),
    count_in_reports: partnerFields.count_in_reports.default(true),
    skip_base_payment: partnerFields.skip_base_payment.default(false),
  })
  .strict();
export type CreatePartnerBody = z.input<typeof createPartnerBody>;

/** `PUT partners/{id}`: only the fields that change, plus the version read (`updated_at`). */
export const updatePartnerBody = z
  .object({
    name: partnerFields.name.optional(),
    type: partnerFields.type.optional(),
    email: partnerFields.email.optional(),
    ref: partnerFields.ref.optional(),
    user_id: partnerFields.user_id.optional(),
    trial_photos_new_user: partnerFields.trial_photos_new_user.optional(),
    credit_per_subscriber: partnerFields.credit_per_subscriber.optional(),
    form_of_payment: partnerFields.form_of_payment.optional(),
    owner_tp_user_id: partnerFields.owner_tp_user_id.optional(),
    count_in_reports: partnerFields.count_in_reports.optional(),
    skip_base_payment: partnerFields.skip_base_payment.optional(),
    updated_at: versionSchema,
  })
  .strict();
export type UpdatePartnerBody = z.input<typeof updatePartnerBody>;

/** One partner as the list answers it (spec §3 "Partner"). */
export const partnerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(partnerTypes),
  email: z.string(),
  ref: z.string(),
  user_id: z.number().int().nullable(),
  trial_photos_new_user: z.number().int(),
  credit_per_subscriber: moneySchema,
  form_of_payment: z.enum(formsOfPayment),
  num_of_activities: z.number().int(),
  /** Paying customers the partner brought (its activities' and its ref's); only with view_tracking. */
  total_subscribers: z.number().int().optional(),
  /** Total activity cost ÷ total_subscribers; null without subscribers; only with view_tracking. */
  cac: moneySchema.nullable().optional(),
  updated_at: z.string(),
  owner_tp_user_name: z.string().nullable(),
  owner_tp_user_id: z.number().int().nullable(),
  count_in_reports: z.boolean(),
  skip_base_payment: z.boolean(),
  /** The public profile page's address, once created. */
  profile_page_url: z.string().nullable(),
  quick_actions: z.array(quickActionSchema),
});
export type PartnerRow = z.infer<typeof partnerRowSchema>;

const partnerIdParams = z.object({ partner_id: idParam });
const partnersTableAnswer = z.object({ headers: z.array(headerSchema), partners: z.array(partnerRowSchema) });

/** A staff member who may own partners. */
export const partnerOwnerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** `POST partners/create_profile_page`: the partner and the page's slug (default: from their name). */
export const createProfilePageBody = z
  .object({
    partner_id: idParam,
    slug: optionalSlugSchema.optional(),
    headline: plainText(200).optional(),
  })
  .strict();

export const partners = defineArea('partners', {
  filter: post('partners/partners_filter', {
    summary: 'Partners, filtered, sorted and paged in SQL, with their activities, subscribers and CAC',
    permission: 'partner_managment',
    readOnly: true,
    body: tableQuerySchema,
    answer: partnersTableAnswer.extend({
      meta: pageMetaSchema.extend({
        enable_column_selection: z.boolean(),
        total_number_of_partners: z.number().int(),
      }),
    }),
  }),
  types: get('partners/partner_types', {
    summary: 'The partner types (spec §3), with their labels',
    permission: 'partner_managment',
    answer: z.object({ data: z.array(z.object({ value: z.enum(partnerTypes), label: z.string() })) }),
  }),
  owners: get('partners/partner_owners', {
    summary: 'Staff who may own partners (active partner managers, marketers and admins), from the staff table',
    permission: 'partner_managment',
    answer: z.object({ data: z.array(partnerOwnerSchema) }),
  }),
  search: get('partners/search/:query', {
    summary: 'Find partners by id, name, e-mail or ref (top 20)',
    permission: 'partner_managment',
    params: z.object({ query: z.string().trim().min(1, 'type something to search for').max(200) }),
    answer: partnersTableAnswer,
  }),
  create: post('partners', {
    summary: 'Create a partner; 409 naming the field when the e-mail or ref is taken',
    permission: 'partner_managment',
    body: createPartnerBody,
    answer: partnerRowSchema,
  }),
  update: put('partners/:partner_id', {
    summary: 'Change a partner; 409 stale_version when someone changed it since updated_at, 409 on a taken e-mail/ref',
    permission: 'partner_managment',
    params: partnerIdParams,
    body: updatePartnerBody,
    answer: partnerRowSchema,
  }),
  remove: del('partners/:partner_id', {
    summary: 'Delete a partner without activities (409 while it has any: delete or move them first)',
    permission: 'partner_managment',
    params: partnerIdParams,
    answer: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  }),
  isEmailAvailable: get('partners/is_partner_email_available', {
    summary: 'Whether no other partner uses this e-mail (partner_id: that partner’s own counts as free)',
    permission: 'partner_managment',
    query: z.object({ email: partnerEmailSchema, partner_id: idParam.optional() }).strict(),
    answer: z.object({ data: z.object({ is_partner_email_available: z.boolean() }) }),
  }),
  isRefAvailable: get('partners/is_partner_ref_available', {
    summary: 'Whether no other partner uses this ref, case-insensitively (partner_id: its own counts as free)',
    permission: 'partner_managment',
    query: z.object({ ref: partnerRefSchema, partner_id: idParam.optional() }).strict(),
    answer: z.object({ data: z.object({ is_partner_ref_available: z.boolean() }) }),
  }),
  createProfilePage: post('partners/create_profile_page', {
    summary: 'Publish the partner’s public profile page at /partner/{slug}, from their talent profiles',
    permission: 'partner_managment',
    body: createProfilePageBody,
    answer: z.object({ partner_id: z.number().int(), slug: z.string(), url: z.string() }),
  }),
});
