import { z } from 'zod';
import { createAbTestBody } from './ab-tests';
import { idParam } from './endpoint';
import { bannerCountries, bannerLanguages, bannerSubscriptionTypes, bannerTypes, featureFlags } from './marketing';
import { notificationContent } from './notifications';
import { customerStatuses, subscriptionTypes } from './users';

/**
 * The operations center's palette forms where a call's body cannot be a form field for field (days for instants, a
 * segment as three choices, variants as one line): the command maps the form to the body, and the server checks it
 * again with the body's schema.
 */

const day = z.iso.date('Must be a date as YYYY-MM-DD');
/** A day the console read in the staff member's zone and sent as the instant it means (its start, end or a time). */
const instant = z.iso.datetime({ offset: true, error: 'Must be a date' });

/** Create banner: from the start of a day to the end of a day, in the staff member's zone; empty targeting: everyone. */
export const bannerForm = z
  .object({
    banner_type: z.enum(bannerTypes),
    photo_upload_id: z.uuid('Upload the desktop image first'),
    mobile_photo_upload_id: z.uuid('Upload the mobile image first'),
    start_date: instant,
    end_date: instant,
    redirect_url: z.string().min(1),
    country: z.enum(bannerCountries).optional(),
    language: z.enum(bannerLanguages).optional(),
    subscription_type: z.enum(bannerSubscriptionTypes).optional(),
    feature_flag: z.enum(featureFlags).optional(),
  })
  .refine((form) => Date.parse(form.end_date) > Date.parse(form.start_date), {
    path: ['end_date'],
    message: 'Must not be before the start',
  });

/** Move banner: one banner to a place (1 first); the command sends the whole order. */
export const bannerMoveForm = z.object({
  banner_id: idParam,
  position: z.number().int('Must be a whole number').min(1, 'Must be at least 1'),
});

/** What a notification says, as a form (an empty link is none). */
export const notificationForm = z.object({
  title: notificationContent.shape.title,
  content: notificationContent.shape.content,
  category: notificationContent.shape.category,
  sentiment: notificationContent.shape.sentiment.default('NEUTRAL'),
  trigger_type: notificationContent.shape.trigger_type.default('BROADCAST'),
  link: z.string().optional(),
});

/** A segment as the form asks it: the common all-users filters; an empty one means any. */
export const segmentForm = z.object({
  segment_status: z.enum(customerStatuses).optional(),
  segment_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Two letters, e.g. GB')
    .optional(),
  segment_subscription: z.enum(subscriptionTypes).optional(),
});

/** Send notification: the content, the segment and an optional day (09:00 in the staff member's zone, or a typed time). */
export const sendNotificationForm = z.object({
  ...notificationForm.shape,
  ...segmentForm.shape,
  send_at: instant.optional(),
});

/** "control 50, new-price 50" → variants: a name and a whole percentage each (NaN when missing). */
export function parseVariants(text: string): { name: string; percentage: number }[] {
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(.+?)[\s:=]+(\d+)\s*%?$/.exec(part);
      return { name: match?.[1]?.trim() ?? part, percentage: match ? Number(match[2]) : Number.NaN };
    });
}

/** Create A/B test: the variants as one line, "control 50, new-price 50". */
export const abTestForm = z.object({
  feature_id: createAbTestBody.shape.feature_id,
  feature_label: createAbTestBody.shape.feature_label,
  variants: z
    .string()
    .min(1, 'Name the variants')
    .refine((text) => createAbTestBody.shape.variants.safeParse(parseVariants(text)).success, {
      message: 'Give each variant a unique name and a whole percentage, summing to 100 (e.g. “control 50, new 50”)',
    }),
  description: z.string().optional(),
  end_date: day.optional(),
});

/** Assign users: customer ids, or else a segment. */
export const assignUsersForm = z.object({
  ab_test_id: idParam,
  user_ids: z
    .string()
    .regex(/^[\d\s,]+$/, 'Customer ids, separated by commas')
    .optional(),
  ...segmentForm.shape,
});
