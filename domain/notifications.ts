import { z } from 'zod';
import { isSitePathOrPublicHttps } from './addresses';
import { defineArea, del, get, idParam, post } from './endpoint';
import { tableFilterSchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';
import { type NotificationCategory, notificationCategories, notificationCategoryLabels } from './user-details';

/**
 * Notifications broadcast to a segment of customers (spec §3 "Notification", §7 "Notifications"). Permission:
 * `banner_management` for every call — the spec names none; a broadcast puts marketing content in front of customers
 * in the app, as a banner does, so the roles that may publish banners (ADMIN, MARKETER_PLUS, PARTNERS_MANAGER) may
 * send notifications; support roles may not (console sends to hundreds of thousands are not a support action).
 *
 * Sending writes one notification per customer of the segment (the customer's Notifications tab), in the background
 * job queue (server/jobs), in batches, exactly once per customer; a scheduled one stays Pending until `send_at`.
 */

export { type NotificationCategory, notificationCategories, notificationCategoryLabels };
export const sentiments = ['NEUTRAL', 'POSITIVE', 'URGENT'] as const;
export const sentimentLabels: Record<(typeof sentiments)[number], string> = {
  NEUTRAL: 'Neutral',
  POSITIVE: 'Positive',
  URGENT: 'Urgent',
};
export const triggerTypes = ['BROADCAST', 'CAMPAIGN'] as const;
export const triggerTypeLabels: Record<(typeof triggerTypes)[number], string> = {
  BROADCAST: 'Broadcast',
  CAMPAIGN: 'Campaign',
};

/** The sending's own progress; the spec's `status` (Pending or Sent) is derived from it. */
export const sendingStates = ['SCHEDULED', 'SENDING', 'SENT', 'INCOMPLETE', 'CANCELLED', 'FAILED'] as const;
export const sendingStateLabels: Record<(typeof sendingStates)[number], string> = {
  SCHEDULED: 'Scheduled',
  SENDING: 'Sending',
  SENT: 'Sent',
  /** The sending ended but some recipients were not reached: never shown as Sent; RETRY_FAILED sends to them. */
  INCOMPLETE: 'Some not reached',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
};
/** The customer-messaging webhook's delivery: none configured, due, retrying, delivered, given up. */
export const webhookStates = ['NONE', 'PENDING', 'SENDING', 'RETRYING', 'DELIVERED', 'FAILED'] as const;
export const webhookStateLabels: Record<(typeof webhookStates)[number], string> = {
  NONE: 'No webhook',
  PENDING: 'Due',
  SENDING: 'Sending',
  RETRYING: 'Retrying',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

const timestamp = z.string();
const isoInstant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });
const option = z.object({ value: z.string(), label: z.string() });
const optionsAnswer = z.object({ options: z.array(option) });

/** The segment: the all-users filters, the same shape as users_filter's `filters` (empty: every customer). */
export const segmentSchema = z.strictObject({ filters: z.array(tableFilterSchema).max(20).default([]) });

/** What a notification says (the generator's body, and the send's without its segment and time). */
export const notificationContent = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
  content: z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2,000 characters'),
  category: z.enum(notificationCategories),
  sentiment: z.enum(sentiments),
  trigger_type: z.enum(triggerTypes),
  link: z
    .string()
    .trim()
    .max(2000)
    .refine(isSitePathOrPublicHttps, 'must be a /path on our site or an https:// address of a public host')
    .nullable()
    .default(null),
  expiration_date: isoInstant.nullable().default(null),
});

export const sendNotificationBody = notificationContent
  .extend({ send_at: isoInstant.nullable().default(null), segment: segmentSchema })
  .refine(
    (body) =>
      !body.expiration_date || Date.parse(body.expiration_date) > Date.parse(body.send_at ?? new Date().toISOString()),
    { path: ['expiration_date'], message: 'must be after the send time' },
  );

/** One broadcast (spec §3, plus its progress and webhook). */
export const notificationRowSchema = z.object({
  id: z.number().int(),
  category: z.enum(notificationCategories),
  title: z.string(),
  status: z.enum(['Sent', 'Pending']),
  sending_state: z.enum(sendingStates),
  sentiment: z.enum(sentiments),
  trigger_type: z.enum(triggerTypes),
  content: z.string(),
  link: z.string().nullable(),
  expiration_date: timestamp.nullable(),
  send_at: timestamp.nullable(),
  sent_time: timestamp.nullable(),
  /** When the first customer received it (the first batch), and when the first read it. */
  receive_time: timestamp.nullable(),
  read_time: timestamp.nullable(),
  recipients_total: z.number().int(),
  sent_count: z.number().int(),
  read_count: z.number().int(),
  /** Recipients the sending did not reach (its failed parts): more than 0 is never "Sent"; RETRY_FAILED resends. */
  failed_recipients: z.number().int(),
  /** sent_count / recipients_total, 0–100. */
  progress: z.number(),
  webhook_state: z.enum(webhookStates),
  webhook_attempts: z.number().int(),
  webhook_error: z.string().nullable(),
  is_deleted: z.boolean(),
  output: z.string(),
  created_by: z.string(),
  created_at: timestamp,
  quick_actions: z.array(quickActionSchema),
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

const notificationParams = z.object({ notification_id: idParam });
const rowAnswer = z.object({ notification: notificationRowSchema });

export const notifications = defineArea('notifications', {
  categoryOptions: get('notifications/category-options', {
    summary: 'Notification categories',
    permission: 'banner_management',
    answer: optionsAnswer,
  }),
  sentimentOptions: get('notifications/sentiment-options', {
    summary: 'Notification sentiments',
    permission: 'banner_management',
    answer: optionsAnswer,
  }),
  triggerOptions: get('notifications/trigger-options', {
    summary: 'Notification trigger types',
    permission: 'banner_management',
    answer: optionsAnswer,
  }),
  generate: post('notifications/generate', {
    summary: 'The customer-messaging JSON of a notification and the webhook settings it is posted with',
    permission: 'banner_management',
    readOnly: true,
    body: notificationContent,
    answer: z.object({
      data: z.record(z.string(), z.unknown()),
      webhook_settings: z.object({ post: z.string().nullable(), headers: z.record(z.string(), z.string()) }),
    }),
  }),
  preflight: post('notifications/preflight', {
    summary: 'How many customers a segment reaches now (the count users_filter gives for the same filters)',
    permission: 'banner_management',
    readOnly: true,
    body: z.strictObject({ segment: segmentSchema }),
    answer: z.object({ count: z.number().int() }),
  }),
  list: get('notifications', {
    summary: 'Notifications sent or scheduled, newest first, with their progress and read counts',
    permission: 'banner_management',
    answer: z.object({ headers: z.array(headerSchema), notifications: z.array(notificationRowSchema) }),
  }),
  send: post('notifications', {
    summary: 'Sends a notification to a segment (now or at send_at) as a background job; refused for an empty segment',
    permission: 'banner_management',
    body: sendNotificationBody,
    answer: rowAnswer,
  }),
  cancel: post('notifications/:notification_id/cancel', {
    summary: 'Stops a sending (or a scheduled one) before its next batch; customers reached keep theirs',
    permission: 'banner_management',
    params: notificationParams,
    answer: rowAnswer,
  }),
  retryFailed: post('notifications/:notification_id/retry', {
    summary:
      'Sends again to the recipients a finished sending did not reach (its failed parts); the others keep theirs',
    permission: 'banner_management',
    params: notificationParams,
    answer: rowAnswer,
  }),
  remove: del('notifications/:notification_id', {
    summary: 'Deletes a notification: its sending stops and it leaves every customer’s notifications',
    permission: 'banner_management',
    params: notificationParams,
    answer: rowAnswer,
  }),
});
