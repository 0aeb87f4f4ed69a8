import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { currencies, moneySchema } from './money';
import { pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';

export const customerStatuses = ['ACTIVE', 'SUSPENDED'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];
export const customerStatusLabels: Record<CustomerStatus, string> = { ACTIVE: 'Active', SUSPENDED: 'Suspended' };

export const subscriptionTypes = [
  'METERED',
  'METERED_WITH_BASE',
  'TRIAL_METERED',
  'TRIAL_METERED_WITH_BASE',
  'CORPORATE_CONTRACT',
  'CANCELLED',
] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

export const subscriptionLabels: Record<SubscriptionType, string> = {
  METERED: 'Metered',
  METERED_WITH_BASE: 'Metered with base',
  TRIAL_METERED: 'Trial metered',
  TRIAL_METERED_WITH_BASE: 'Trial metered with base',
  CORPORATE_CONTRACT: 'Annual plan',
  CANCELLED: 'Cancelled',
};

export const cullingSubscriptionTypes = ['NONE', 'FREE', 'MONTHLY', 'YEARLY'] as const;
export type CullingSubscriptionType = (typeof cullingSubscriptionTypes)[number];
export const cullingSubscriptionLabels: Record<CullingSubscriptionType, string> = {
  NONE: 'None',
  FREE: 'Free',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};

/** Quick actions the server may offer on a customer row (data-and-calls-spec §3 and §4). */
export const userQuickActions = [
  'ADD_TRIAL_PHOTOS',
  'SUSPEND_USER',
  'UNSUSPEND_USER',
  'SEND_RESET_PASSWORD_EMAIL',
  'GIVE_CREDIT',
  'CHARGE_AND_UNSUSPEND',
] as const;
export type UserQuickAction = (typeof userQuickActions)[number];

/** Why staff suspend a customer. The spec does not list them; these are what a photo service's support meets. */
export const suspendReasons = [
  { value: 'PAYMENT_FAILURE', label: 'Repeated payment failure' },
  { value: 'CHARGEBACK', label: 'Chargeback or payment dispute' },
  { value: 'FRAUD', label: 'Suspected fraud' },
  { value: 'ABUSE', label: 'Abusive use of trials or credits' },
  { value: 'TERMS_VIOLATION', label: 'Terms of service violation' },
  { value: 'CUSTOMER_REQUEST', label: 'Customer asked for it' },
  { value: 'OTHER', label: 'Other' },
] as const;
export type SuspendReason = (typeof suspendReasons)[number]['value'];
export const suspendReasonLabels = Object.fromEntries(
  suspendReasons.map(({ value, label }) => [value, label]),
) as Record<SuspendReason, string>;
export const suspendReasonValues = suspendReasons.map((reason) => reason.value) as [
  (typeof suspendReasons)[number]['value'],
  ...(typeof suspendReasons)[number]['value'][],
];

const nullableText = z.string().nullable();

/** A customer as a table row: the spec's User row (data-and-calls-spec §3), every field. */
export const customerRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  payment_link: nullableText,
  subscription_type: z.enum(subscriptionTypes),
  culling_subscription_type: z.enum(cullingSubscriptionTypes),
  /** "used/max", e.g. `2/3`. */
  profiles_exist_max: z.string(),
  /** "used/max", e.g. `120/1000`. */
  photos_for_trial: z.string(),
  remaining_photos_for_trial: z.number().int(),
  referred_users: z.object({ signups: z.number().int(), subscribed: z.number().int() }),
  charge_date: nullableText,
  last_charge_amount: moneySchema.nullable(),
  affiliate: nullableText,
  charge_failed: z.boolean(),
  status: z.enum(customerStatuses),
  quick_actions: z.array(quickActionSchema),
  utm_source: nullableText,
  utm_campaign: nullableText,
  utm_content: nullableText,
  referred_by: nullableText,
  date_added: z.string(),
  suspended_user: z.boolean(),
  suspended_user_date: nullableText,
  suspend_reason: nullableText,
  suspend_description: nullableText,
  failed_charge_amount: moneySchema.nullable(),
  failed_charge_reason: nullableText,
  max_proj_id_for_charge_retry: z.number().int().nullable(),
  number_of_charge_retries: z.number().int(),
  /** The row's version: the time of its last change. A save must name the version it was based on. */
  last_updated_row: z.string(),
  opened_email_cnt: z.number().int(),
  clicked_email_cnt: z.number().int(),
  business_name: nullableText,
  vat_id: nullableText,
  country: nullableText,
  address: nullableText,
  abusive_suspicious: z.boolean(),
  abusive_ignore: z.boolean(),
  is_partner: z.boolean(),
  is_managed_by_csm: z.boolean(),
  currency: z.enum(currencies),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const usersTableAnswer = z.object({ headers: z.array(headerSchema), users: z.array(customerRowSchema) });
export type UsersTableAnswer = z.infer<typeof usersTableAnswer>;

const userIdParams = z.object({ user_id: idParam });
const customerTarget = { kind: 'customer', param: 'user_id' } as const;

export const suspendBody = z
  .object({
    reason: z.enum(suspendReasonValues, { error: 'choose one of the listed reasons' }),
    description: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
  })
  .strict();

export const users = defineArea('users', {
  search: get('users/search/:query', {
    summary: 'Find customers by id, e-mail, name or business name (top 20 by relevance)',
    permission: 'user_details_read',
    params: z.object({ query: z.string().trim().min(1, 'type something to search for').max(200) }),
    answer: usersTableAnswer,
  }),
  filter: post('users/users_filter', {
    summary: 'All customers, filtered, sorted and paged in SQL (body: filters, sort, columns, page_size, cursor)',
    permission: 'see_all_users',
    readOnly: true,
    body: tableQuerySchema,
    answer: z.object({
      headers: z.array(headerSchema),
      /** Only the requested `columns` (all when none were named); `id` and `quick_actions` always. */
      users: z.array(customerRowSchema.partial().required({ id: true, quick_actions: true })),
      meta: pageMetaSchema.extend({
        enable_column_selection: z.boolean(),
        total_number_of_users: z.number().int(),
      }),
    }),
  }),
  get: get('users/:user_id', {
    summary: 'One customer as a table row; records the view in the staff member’s last viewed',
    permission: 'user_details_read',
    params: userIdParams,
    answer: usersTableAnswer,
  }),
  lastViewed: get('users/last_viewed/get_last_viewed', {
    summary: 'The customers this staff member opened, newest first',
    permission: 'user_details_read',
    answer: usersTableAnswer.extend({ viewed_at: z.array(z.string()) }),
  }),
  suspend: post('users/:user_id/actions/suspend', {
    summary: 'Suspend a customer, with a reason',
    permission: 'user_suspension',
    params: userIdParams,
    body: suspendBody,
    answer: z.object({ user: customerRowSchema }),
    target: customerTarget,
  }),
  unsuspend: post('users/:user_id/actions/unsuspend', {
    summary: 'Lift a customer’s suspension',
    permission: 'user_suspension',
    params: userIdParams,
    answer: z.object({ user: customerRowSchema }),
    target: customerTarget,
  }),
});
