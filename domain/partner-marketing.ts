import { z } from 'zod';
import { defineArea, del, idParam, post, put } from './endpoint';
import { moneySchema } from './money';
import { linkEditFields, linkFields, linkRowFields, trackingSchema } from './partner-activities';
import { amountSchema, daySchema, plainText, requiredText } from './partner-fields';
import { appTypes } from './partner-vocabulary';
import { pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema } from './tables';

/**
 * Marketing activities (spec §3 "Marketing activity", §7): our own campaigns, with an owner from the staff list, the
 * same link builder and short links as partner activities, and the same tracking numbers (view_tracking only).
 */

export const marketingActivityActions = ['EDIT_MARKETING_ACTIVITY', 'DELETE_MARKETING_ACTIVITY'] as const;

export const createMarketingActivityBody = z
  .object({
    activity_name: requiredText(200),
    cost: amountSchema,
    start_date: daySchema,
    num_of_activity_days: z.number().int('must be a whole number').min(1, 'must be at least 1').max(3650),
    description: plainText(2000).optional().default(''),
    /** A staff member from `GET partners/partner_owners`. */
    owner_tp_user_id: idParam.nullable().optional().default(null),
    /** The app appends the signed-up customer's ref id to the link. */
    ref_id: z.boolean().optional().default(false),
    app_type: z.enum(appTypes, { error: 'must be PHOTO or VIDEO' }).optional().default('PHOTO'),
    ...linkFields,
  })
  .strict();
export type CreateMarketingActivityBody = z.input<typeof createMarketingActivityBody>;
/** A create body as the server reads it (defaults applied). */
export type CreateMarketingActivityFields = z.output<typeof createMarketingActivityBody>;

export const updateMarketingActivityBody = z
  .object({
    activity_name: requiredText(200).optional(),
    cost: amountSchema.optional(),
    start_date: daySchema.optional(),
    num_of_activity_days: z.number().int().min(1, 'must be at least 1').max(3650).optional(),
    description: plainText(2000).optional(),
    owner_tp_user_id: idParam.nullable().optional(),
    ref_id: z.boolean().optional(),
    ...linkEditFields,
  })
  .strict();

export const marketingActivityRowSchema = z
  .object({
    id: z.number().int(),
    activity_name: z.string(),
    cost: moneySchema,
    start_date: z.string(),
    num_of_activity_days: z.number().int(),
    description: z.string(),
    owner_tp_user_name: z.string().nullable(),
    owner_tp_user_id: z.number().int().nullable(),
    ref_id: z.boolean(),
    ...linkRowFields,
  })
  .extend(trackingSchema.partial().shape);
export type MarketingActivityRow = z.infer<typeof marketingActivityRowSchema>;

const idParams = z.object({ marketing_activity_id: idParam });

export const marketingActivities = defineArea('marketingActivities', {
  filter: post('marketing_activities_filter', {
    summary: 'Marketing activities, filtered, sorted and paged in SQL, with their links and (view_tracking) numbers',
    permission: 'partner_managment',
    readOnly: true,
    body: tableQuerySchema,
    answer: z.object({
      headers: z.array(headerSchema),
      marketing_activities: z.array(marketingActivityRowSchema),
      meta: pageMetaSchema.extend({
        enable_column_selection: z.boolean(),
        total_number_of_marketing_activities: z.number().int(),
      }),
    }),
  }),
  create: post('partners/marketing_activities', {
    summary: 'Add a marketing activity; 409 naming the field on a taken UTM set or slug',
    permission: 'partner_managment',
    body: createMarketingActivityBody,
    answer: marketingActivityRowSchema,
  }),
  update: put('partners/marketing_activities/:marketing_activity_id', {
    summary: 'Change a marketing activity (409 stale_version when changed since updated_at)',
    permission: 'partner_managment',
    params: idParams,
    body: updateMarketingActivityBody,
    answer: marketingActivityRowSchema,
  }),
  remove: del('partners/marketing_activities/:marketing_activity_id', {
    summary: 'Delete a marketing activity and its short link',
    permission: 'delete_activities',
    params: idParams,
    answer: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  }),
});
