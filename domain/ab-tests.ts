import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { tableFilterSchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';
import type { SubscriptionType } from './users';

/**
 * A/B tests (spec §3 "A/B test", §4, §7 "A/B tests"). Permission: `view_operations_center` for every call — the spec
 * names none, and running an experiment is what the operations center is for (ADMIN, MARKETER_PLUS, PARTNERS_MANAGER).
 *
 * - Customers are assigned once per test; the variant comes from a hash of (test, customer) into the variants'
 *   percentages, so the same customer always lands in the same variant.
 * - A conversion is a customer who was not paying when assigned (trial or cancelled) and is paying now (metered or
 *   annual plan), read from the customers table. Confidence: a two-sided two-proportion z-test of each variant
 *   against the first (the control).
 */

/** Subscription types that pay; a customer on any other type when assigned can convert. */
export const payingSubscriptions: readonly SubscriptionType[] = ['METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT'];

export const abTestActions = ['FINISH', 'ASSIGN_USERS'] as const;

const timestamp = z.string();
const variantSchema = z.object({ name: z.string(), percentage: z.number() });

/** One test as listed (spec §3). */
export const abTestRowSchema = z.object({
  id: z.number().int(),
  feature_id: z.string(),
  feature_label: z.string(),
  variants: z.array(variantSchema),
  description: z.string(),
  creator_id: z.number().int(),
  creator: z.string(),
  end_date: z.string().nullable(),
  is_done: z.boolean(),
  created_at: timestamp,
  users: z.number().int(),
  quick_actions: z.array(quickActionSchema),
});
export type AbTestRow = z.infer<typeof abTestRowSchema>;

/** A variant's results: users assigned, those who could convert, those who did, and the test against the control. */
export const variantResultSchema = z.object({
  name: z.string(),
  percentage: z.number(),
  users: z.number().int(),
  eligible: z.number().int(),
  conversions: z.number().int(),
  /** conversions / eligible (0 when none is eligible). */
  conversion_rate: z.number(),
  /** Against the control; null for the control itself or when either side has no eligible customer. */
  z_score: z.number().nullable(),
  p_value: z.number().nullable(),
  /** 1 − p, as a share (0.95 = 95 %). */
  confidence: z.number().nullable(),
});
export type VariantResult = z.infer<typeof variantResultSchema>;

export const abTestResultsSchema = z.object({
  variants: z.array(variantResultSchema),
  /** Customers assigned per day and variant, for the chart: `days` (YYYY-MM-DD) and one count array per variant. */
  assigned_by_day: z.object({ days: z.array(z.string()), counts: z.record(z.string(), z.array(z.number().int())) }),
});
export type AbTestResults = z.infer<typeof abTestResultsSchema>;

const featureId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{2,64}$/, 'must be 2–64 letters, digits, dots, hyphens or underscores');

/** `POST a_b_testing`: a feature, its variants (unique names, whole percentages summing to 100), a description. */
export const createAbTestBody = z.strictObject({
  feature_id: featureId,
  feature_label: z.string().trim().min(1, 'must not be empty').max(120),
  variants: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1, 'must not be empty').max(40),
        percentage: z.number().int('must be a whole number').min(1, 'must be at least 1').max(99),
      }),
    )
    .min(2, 'a test needs at least two variants')
    .max(10, 'at most 10 variants')
    .refine((variants) => new Set(variants.map((each) => each.name.toLowerCase())).size === variants.length, {
      message: 'variant names must be unique',
    })
    .refine((variants) => variants.reduce((sum, each) => sum + each.percentage, 0) === 100, {
      message: 'the percentages must sum to 100',
    }),
  description: z.string().trim().max(2000).default(''),
  end_date: z.iso.date('must be a date as YYYY-MM-DD').nullable().default(null),
});

/** `POST a_b_testing/{testId}/add_users_to_test`: customer ids, or a segment (the users_filter filters). */
export const addUsersBody = z.union([
  z.strictObject({ user_ids: z.array(idParam).min(1, 'name at least one customer').max(10_000) }),
  z.strictObject({ segment: z.strictObject({ filters: z.array(tableFilterSchema).max(20).default([]) }) }),
]);

const testParams = z.object({ testId: idParam });
const testAnswer = z.object({ test: abTestRowSchema });

export const abTests = defineArea('abTests', {
  list: get('a_b_testing', {
    summary: 'A/B tests, newest first; `search` matches the feature id, label or description',
    permission: 'view_operations_center',
    query: z.object({ search: z.string().trim().max(200).optional() }),
    answer: z.object({ headers: z.array(headerSchema), tests: z.array(abTestRowSchema) }),
  }),
  detail: get('a_b_testing/:testId', {
    summary: 'One A/B test with its results (unknown id: 400, as the spec’s error catalogue says)',
    permission: 'view_operations_center',
    params: testParams,
    answer: z.object({ test: abTestRowSchema, results: abTestResultsSchema }),
  }),
  create: post('a_b_testing', {
    summary: 'Creates an A/B test: feature, variants summing to 100 %, description, end date',
    permission: 'view_operations_center',
    body: createAbTestBody,
    answer: testAnswer,
  }),
  finish: post('a_b_testing/:testId/finish', {
    summary: 'Finishes an A/B test (409 when it is finished already)',
    permission: 'view_operations_center',
    params: testParams,
    answer: testAnswer,
  }),
  addUsers: post('a_b_testing/:testId/add_users_to_test', {
    summary: 'Assigns customers (by id, or a users_filter segment) to the test’s variants; each customer once',
    permission: 'view_operations_center',
    params: testParams,
    body: addUsersBody,
    answer: z.object({ assigned: z.number().int(), already_assigned: z.number().int(), test: abTestRowSchema }),
  }),
});
