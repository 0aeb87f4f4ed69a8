import { z } from 'zod';
import { defineArea, del, get, idParam, put } from './endpoint';
import { currencies, moneySchema } from './money';
import { roles } from './roles';
import { quickActionSchema } from './tables';
import { cullingSubscriptionTypes, subscriptionTypes } from './users';

const userIdParams = z.object({ user_id: idParam });
const customerTarget = { kind: 'customer', param: 'user_id' } as const;
const nullableText = z.string().nullable();
/** ISO 8601 UTC timestamp text, e.g. `2026-05-01T12:34:56.123Z`. */
const timestamp = z.string();

/** A customer e-mail as staff type it: trimmed, lower-cased, a valid address. */
export const customerEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .email('must be an e-mail address')
  .max(254, 'must be at most 254 characters');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const requiredName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

/** A row version as answered: ISO 8601 with up to microseconds and a UTC offset. */
const versionPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** The most cc e-mail addresses a customer may have. */
export const maxCcEmails = 5;

/** The spec's "User detail form" (§3): read-only fields, editable fields, and the row version to save against. */
export const userDetailsSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  referred_users: z.object({ signups: z.number().int(), subscribed: z.number().int() }),
  last_activity: timestamp.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  business_name: nullableText,
  cc_emails: z.array(z.string()),
  vat_id: nullableText,
  country: nullableText,
  address: nullableText,
  notes: nullableText,
  /** Not editable here (it has its own currency-change flow). */
  currency: z.enum(currencies),
  /** The version: send it back with a save; a newer one on the server means someone else saved first (409). */
  last_updated_row: timestamp,
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/**
 * Saving the details form: only the changed fields, all optional, plus the version read. Empty optional text clears
 * the field (stored as null); first name, last name and e-mail cannot be cleared.
 */
export const saveUserDetailsBody = z
  .object({
    first_name: requiredName.optional(),
    last_name: requiredName.optional(),
    email: customerEmailSchema.optional(),
    business_name: optionalText(200).optional(),
    cc_emails: z.array(customerEmailSchema).max(maxCcEmails, `must have at most ${maxCcEmails} addresses`).optional(),
    vat_id: optionalText(50).optional(),
    country: optionalText(100).optional(),
    address: optionalText(500).optional(),
    notes: optionalText(5000).optional(),
    last_updated_row: z
      .string({ error: 'is required: the version you read (last_updated_row)' })
      .regex(versionPattern, 'must be the last_updated_row you read (an ISO 8601 timestamp)')
      .refine((value) => !Number.isNaN(Date.parse(value)), 'must be the last_updated_row you read (a real date)'),
  })
  .strict();
export type SaveUserDetailsBody = z.input<typeof saveUserDetailsBody>;

/** The fields a details save may change. */
export const editableDetailFields = [
  'first_name',
  'last_name',
  'email',
  'business_name',
  'cc_emails',
  'vat_id',
  'country',
  'address',
  'notes',
] as const;

/** The labels of the three payment links (spec §3 Payments details). */
export const paymentLinkKinds = ['CHECKOUT', 'UPDATE_PAYMENT_METHOD', 'CANCEL_SUBSCRIPTION'] as const;
export type PaymentLinkKind = (typeof paymentLinkKinds)[number];
export const paymentLinkLabels: Record<PaymentLinkKind, string> = {
  CHECKOUT: 'Checkout',
  UPDATE_PAYMENT_METHOD: 'Update payment method',
  CANCEL_SUBSCRIPTION: 'Cancel subscription',
};

const labelValue = z.object({ label: z.string(), value: z.string() });

export const paymentsSchema = z.object({
  charging_vendor: nullableText,
  payment_method_details: nullableText,
  date_updated: timestamp.nullable(),
  currency: z.enum(currencies),
  country: nullableText,
  first_name: z.string(),
  last_name: z.string(),
  /** Further vendor fields, as label and value. */
  fields: z.array(labelValue),
  payment_links: z.array(z.object({ kind: z.enum(paymentLinkKinds), url: z.string(), label: z.string() })),
});

/** What another account has in common with the customer (the "Other users ids" tile). */
export const sharedTraits = ['email', 'vat_id', 'business'] as const;
export type SharedTrait = (typeof sharedTraits)[number];
/** Labels of the shared traits, for people. */
export const sharedTraitLabels: Record<SharedTrait, string> = {
  email: 'same mailbox',
  vat_id: 'same VAT id',
  business: 'same business',
};
/** At most this many other accounts are listed. */
export const maxOtherAccounts = 20;

export const infoTileSchema = z.object({
  title: z.string(),
  value: z.string().nullable(),
  /** DATE values are ISO timestamps. */
  type: z.enum(['TEXT', 'DATE']),
  /** Customers the tile points at, with what each shares (the "Other users ids" tile; `value` lists the ids). */
  links: z
    .array(z.object({ user_id: z.number().int(), shares: z.array(z.enum(sharedTraits)) }))
    .max(maxOtherAccounts)
    .optional(),
});
export type InfoTile = z.infer<typeof infoTileSchema>;

/** What an activity event is about (its `category`); the timeline shows the label. */
export const activityCategories = ['ACCOUNT', 'BILLING', 'EMAIL', 'PROJECT', 'PROFILE', 'STAFF_ACTION'] as const;
export type ActivityCategory = (typeof activityCategories)[number];
export const activityCategoryLabels: Record<ActivityCategory, string> = {
  ACCOUNT: 'Account',
  BILLING: 'Billing',
  EMAIL: 'E-mail',
  PROJECT: 'Project',
  PROFILE: 'Profile',
  STAFF_ACTION: 'Staff action',
};

export const activityEventSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  category: z.string(),
  datetime: timestamp,
  properties: z.array(labelValue),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const backupSchema = z.object({
  /** e.g. `Backup 1 TB`, or null without a plan. */
  plan_info: nullableText,
  used_storage_gb: z.number(),
  total_storage_gb: z.number(),
  high_res_backup_type: nullableText,
  plan_start: timestamp.nullable(),
  plan_cancelled: z.boolean(),
  cancelled_at: timestamp.nullable(),
  cancellation_details: nullableText,
});

export const cullingSchema = z.object({
  culling_subscription_type: z.enum(cullingSubscriptionTypes),
  plan_info: nullableText,
  plan_start: timestamp.nullable(),
  plan_end: timestamp.nullable(),
  culling_credits: z.number().int(),
});
export type CullingTile = z.infer<typeof cullingSchema>;

export const userTilesSchema = z.object({
  personal_info: z.object({
    full_name: z.string(),
    email: z.string(),
    country: nullableText,
    business_name: nullableText,
    date_added: timestamp,
    status: z.enum(['ACTIVE', 'SUSPENDED']),
  }),
  subscription_types: z.object({
    editing: z.enum(subscriptionTypes),
    culling: z.enum(cullingSubscriptionTypes),
  }),
  next_charge: z.object({ date: timestamp.nullable(), amount: moneySchema.nullable() }),
});

/** Where a credit comes from; the credits tab shows the label. */
export const creditSources = [
  'STAFF',
  'REFERRAL',
  'PROMOTION',
  'PURCHASE',
  'CURRENCY_CHANGE',
  'CONTRACT_UPGRADE',
  'CONTRACT_CANCELLATION',
] as const;
export type CreditSource = (typeof creditSources)[number];
export const creditSourceLabels: Record<CreditSource, string> = {
  STAFF: 'Given by staff',
  REFERRAL: 'Referral',
  PROMOTION: 'Promotion',
  PURCHASE: 'Credit package',
  CURRENCY_CHANGE: 'Currency change',
  CONTRACT_UPGRADE: 'Contract upgrade',
  CONTRACT_CANCELLATION: 'Contract cancellation',
};

export const creditEntrySchema = z.object({
  id: z.number().int(),
  value: moneySchema,
  reason: z.string(),
  description: z.string(),
  date: timestamp,
  /** Where the credit came from (`creditSources`, e.g. `STAFF`: given in the console). */
  source: z.string(),
  /** Who gave it, for staff credits. */
  given_by: nullableText,
});

export const creditsSchema = z.object({
  credits: z.array(creditEntrySchema),
  total_credits: moneySchema,
  total_credits_rows: z.number().int(),
});

export const notificationCategories = [
  'IMPROVEMENT',
  'MY_ACCOUNT',
  'NEW',
  'SPECIAL_OFFER',
  'STATUS_UPDATE',
  'SYSTEM_COMMUNICATION',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
export const notificationCategoryLabels: Record<NotificationCategory, string> = {
  IMPROVEMENT: 'Improvement',
  MY_ACCOUNT: 'My account',
  NEW: 'New',
  SPECIAL_OFFER: 'Special offer',
  STATUS_UPDATE: 'Status update',
  SYSTEM_COMMUNICATION: 'System communication',
};

export const customerNotificationSchema = z.object({
  id: z.number().int(),
  category: z.enum(notificationCategories),
  title: z.string(),
  content: z.string(),
  status: z.enum(['Sent', 'Pending']),
  sent_time: timestamp.nullable(),
  read_time: timestamp.nullable(),
  /** `DELETE`, disabled for roles without user_details_edit. */
  quick_actions: z.array(quickActionSchema),
});
export type CustomerNotification = z.infer<typeof customerNotificationSchema>;

/** One staff action on the customer, from the audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: timestamp,
  staff: z.object({ id: z.number().int(), name: z.string(), role: z.enum(roles).nullable() }).nullable(),
  /** The catalogue's call id, e.g. `userActions.giveCredit`. */
  call_id: z.string(),
  /** The call's one-line summary, for people. */
  summary: z.string(),
  method: z.string(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  status: z.number().int(),
  detail: nullableText,
  /** The request body (secrets removed). */
  body: z.unknown(),
});

/** Rows of the audit and activity lists: newest first, at most this many. */
export const detailListLimit = 200;

export const userDetails = defineArea('userDetails', {
  details: get('users/:user_id/general_details/details', {
    summary: 'The customer’s details form (spec §3 User detail form), with the version to save against',
    permission: 'user_details_read',
    params: userIdParams,
    answer: userDetailsSchema,
  }),
  saveDetails: put('users/:user_id/general_details/details', {
    summary: 'Save changed details fields; 409 stale_version when someone saved since last_updated_row',
    permission: 'user_details_edit',
    params: userIdParams,
    body: saveUserDetailsBody,
    answer: userDetailsSchema,
    target: customerTarget,
  }),
  tiles: get('users/:user_id/general_details/tiles', {
    summary: 'Header tiles: personal info, subscription types, next charge',
    permission: 'user_details_read',
    params: userIdParams,
    answer: userTilesSchema,
  }),
  payments: get('users/:user_id/general_details/payments', {
    summary: 'Payment details: vendor, method, payment links',
    permission: 'user_details_read',
    params: userIdParams,
    answer: paymentsSchema,
  }),
  additionalInfo: get('users/:user_id/general_details/additional_info', {
    summary: 'Additional info tiles (TEXT or DATE)',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ tiles: z.array(infoTileSchema) }),
  }),
  activity: get('users/:user_id/general_details/activity', {
    summary: 'The customer’s activity timeline, newest first (at most 200 events)',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ events: z.array(activityEventSchema) }),
  }),
  backup: get('users/:user_id/general_details/backup', {
    summary: 'The backup tile',
    permission: 'user_details_read',
    params: userIdParams,
    answer: backupSchema,
  }),
  culling: get('users/:user_id/general_details/culling', {
    summary: 'The culling tile',
    permission: 'user_details_read',
    params: userIdParams,
    answer: cullingSchema,
  }),
  credits: get('users/:user_id/general_details/credits', {
    summary: 'Credits given to the customer, newest first, with their count and total',
    permission: 'user_details_read',
    params: userIdParams,
    answer: creditsSchema,
  }),
  notifications: get('users/:user_id/general_details/notifications', {
    summary: 'In-app notifications of the customer (deleted ones left out), newest first',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ notifications: z.array(customerNotificationSchema) }),
  }),
  deleteNotification: del('users/:user_id/notifications/:notification_id', {
    summary: 'Delete one of the customer’s notifications',
    permission: 'user_details_edit',
    params: z.object({ user_id: idParam, notification_id: idParam }),
    answer: z.object({ id: z.number().int(), deleted: z.literal(true) }),
    target: customerTarget,
  }),
  validateEmail: get('users/validate_email/:user_email', {
    summary: 'Whether an e-mail is free for a customer (query user_id: that customer’s own e-mail counts as free)',
    permission: 'user_details_read',
    params: z.object({ user_email: customerEmailSchema }),
    query: z.object({ user_id: idParam.optional() }).strict(),
    answer: z.object({ data: z.object({ is_user_email_available: z.boolean() }) }),
  }),
  audit: get('users/:user_id/audit', {
    summary: 'Staff actions on this customer from the audit log, newest first (at most 200)',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ entries: z.array(auditEntrySchema) }),
  }),
});
