import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { moneySchema } from './money';
import { editingProjectRowSchema } from './projects';
import { type Option, optionSchema } from './user-actions';

/**
 * Refunding an editing project (issue #9): money back to the card of the charge that billed it, or as customer
 * credit. A project is never refunded more than it was charged in total, across every partial refund; the server
 * holds the rest under a lock and answers 422 on `amount` naming the limit.
 */

/** The spec's refund reasons (§3 Fixed lists), in its order. */
export const refundReasons = [
  { value: 'MISSING_REFERRAL_LINK_CREDIT', label: 'Missing referral link credit' },
  { value: 'ADDED_A_REVIEW', label: 'Added a review' },
  { value: 'PRODUCT_INTERVIEW', label: 'Product interview' },
  { value: 'SUBSCRIBED_BY_MISTAKE', label: 'Subscribed by mistake' },
  { value: 'DID_NOT_REALIZE_TRIAL_ENDED', label: 'Didn’t realize trial ended' },
  { value: 'TRIED_A_FEW_TALENTS', label: 'Tried a few talents' },
  { value: 'UNSATISFIED_WITH_EDITS', label: 'Unsatisfied with edits' },
  { value: 'UNSATISFIED_WITH_PROFILE', label: 'Unsatisfied with profile' },
  { value: 'DUPLICATE_PROJECT', label: 'Duplicate project' },
  { value: 'PRODUCT_SURVEY_PARTICIPANT', label: 'Product survey participant' },
  { value: 'COUPONS', label: 'Coupons' },
  { value: 'PODCAST_PARTICIPATION', label: 'Podcast participation' },
  { value: 'EVENT_PARTICIPATION', label: 'Event participation' },
  { value: 'WEBINAR_PARTICIPATION', label: 'Webinar participation' },
  { value: 'SOCIAL_MEDIA_ACTIVITY_PARTICIPATION', label: 'Social media activity participation' },
  { value: 'GIVEAWAY', label: 'Giveaway' },
  { value: 'PARTNERSHIP_COLLABORATION', label: 'Partnership collaboration' },
  { value: 'CONTENT_COLLABORATION', label: 'Content collaboration' },
  { value: 'CHAMPIONS_PROGRAM', label: 'Champions program' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Option[];
export type RefundReason = (typeof refundReasons)[number]['value'];

/** Where a refund goes: back to the card of the project's charge, or as credit on the customer's account. */
export const refundDestinations = ['card', 'credit'] as const;
export type RefundDestination = (typeof refundDestinations)[number];
export const refundDestinationLabels: Record<RefundDestination, string> = {
  card: 'Back to the card',
  credit: 'As customer credit',
};

const reasonValues = refundReasons.map((reason) => reason.value) as [RefundReason, ...RefundReason[]];

/**
 * The refund's body. `amount` is in units of the project's currency (12.50); its bounds (more than 0, at most the
 * refundable rest) are checked by the server under the project's lock and answered 422 on `amount` with the limit.
 */
export const refundBody = z
  .object({
    amount: z
      .number({ error: 'must be a number' })
      .finite('must be a number')
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals'),
    reason: z.enum(reasonValues, { error: 'choose one of the listed reasons' }),
    description: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    to: z.enum(refundDestinations, { error: 'choose "card" or "credit"' }),
  })
  .strict();
export type RefundBody = z.input<typeof refundBody>;

/** What is left to refund of a project, for the form and its preview. */
export const refundableSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  /** ISO 4217 of every amount here. */
  currency: z.string(),
  /** What the project was charged in total. */
  charged: moneySchema,
  /** What was actually paid for it: the charge when a succeeded charge billed it, else 0. */
  paid: moneySchema,
  /** Refunded so far (card and credit), and what is left of what was paid. */
  refunded: moneySchema,
  refundable: moneySchema,
  /** Whether "card" is possible, and why not (no succeeded card charge billed it). */
  card: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  /** Why nothing can be refunded (null: something can); the row's REFUND and the call's 409 give the same reason. */
  reason: z.string().nullable(),
});
export type Refundable = z.infer<typeof refundableSchema>;

/** One refund as the call answers it. */
export const refundRowSchema = z.object({
  project_id: z.number().int(),
  to: z.enum(refundDestinations),
  amount: moneySchema,
  currency: z.string(),
  reason: z.enum(reasonValues),
  description: z.string(),
  date: z.string(),
  /** Card: the REFUND ledger row and the invoice version that holds its credit note. */
  ledger_id: z.number().int().nullable(),
  invoice: z.object({ charge_id: z.number().int(), number: z.string(), version: z.number().int() }).nullable(),
  /** Credit: the credit row. */
  credit_id: z.number().int().nullable(),
});

const projectParams = z.object({ project_id: idParam });

export const refunds = defineArea('refunds', {
  reasons: get('refund_possible_reasons', {
    summary: 'Reasons for refunding a project',
    permission: 'refund',
    answer: z.array(optionSchema),
  }),
  refundable: get('projects/editing/:project_id/refundable', {
    summary: 'What an editing project was charged, refunded so far and can still be refunded, card or credit',
    permission: 'refund',
    params: projectParams,
    answer: refundableSchema,
    target: { kind: 'project', param: 'project_id' },
  }),
  refund: post('projects/editing/:project_id/refund', {
    summary: 'Refund (part of) an editing project to the card or as credit, never more than it was charged in total',
    permission: 'refund',
    params: projectParams,
    body: refundBody,
    answer: z.object({ refund: refundRowSchema, project: editingProjectRowSchema, refundable: refundableSchema }),
    money: true,
    target: { kind: 'project', param: 'project_id' },
  }),
});
