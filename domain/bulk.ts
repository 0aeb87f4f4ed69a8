import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { filterTimeZoneSchema, sortSchema, tableFilterSchema } from './table-query';

/**
 * Commands that run over many customers (a bulk run): each name is one single-customer call of the catalogue
 * (domain/bulk-commands.ts maps them), run once per customer with that call's permission, handler and audit.
 */
export const bulkCommandNames = [
  'suspend',
  'unsuspend',
  'add_trial_photos',
  'give_credit',
  'send_email',
  'send_reset_password_email',
  'force_logout',
  'grant_culling_credits',
  'grant_free_culling_plan',
] as const;
export type BulkCommandName = (typeof bulkCommandNames)[number];

/** A run over more customers than this needs `confirm_over_max: true` (the second confirmation). */
export const bulkConfirmAbove = 100_000;
/** No run is larger than this (the whole customer base, with room). */
export const bulkMaxRows = 2_000_000;
/**
 * Most ids a run names without see_all_users: what such a role reaches one by one in a sitting (its last viewed holds
 * 50). Past that, naming ids is listing customers, which is see_all_users' (issue 19).
 */
export const bulkMaxIdsWithoutSeeAll = 50;
/** Most ids a run names one by one (a larger selection is sent as its filter). */
export const bulkMaxIds = 10_000;

/** Whom a run acts on: customers by id (a selection), or every customer a users_filter body matches now. */
export const bulkTargetSchema = z.union([
  z.strictObject({
    ids: z
      .array(idParam)
      .min(1, 'select at least one customer')
      .max(bulkMaxIds, `at most ${bulkMaxIds} ids; send the filter instead`),
  }),
  z.strictObject({
    filter: z.strictObject({
      filters: z.array(tableFilterSchema).max(20, 'at most 20 filters').default([]),
      sort: sortSchema.optional(),
      /** The zone the date filters' days are read in (the staff member's); UTC when absent. */
      time_zone: filterTimeZoneSchema,
    }),
  }),
]);
export type BulkTarget = z.input<typeof bulkTargetSchema>;

export const bulkRunBody = z.strictObject({
  command: z.enum(bulkCommandNames, { error: 'not a command that runs in bulk' }),
  target: bulkTargetSchema,
  /** The single call's body (reason, amount…), the same for every customer. */
  params: z.record(z.string(), z.unknown()).default({}),
  /** Required (true) for a run over more than `bulkConfirmAbove` customers. */
  confirm_over_max: z.boolean().default(false),
});
export type BulkRunBody = z.input<typeof bulkRunBody>;

export const bulkRunStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BulkRunState = (typeof bulkRunStates)[number];
/** A run's state as the run's page says it. */
export const bulkRunStateLabels: Record<BulkRunState, string> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Finished',
  failed: 'Stopped by an error',
  cancelled: 'Cancelled',
};
export const bulkRowStates = ['pending', 'done', 'skipped', 'failed', 'cancelled'] as const;
export type BulkRowState = (typeof bulkRowStates)[number];

export const bulkRowStateLabels: Record<BulkRowState, string> = {
  pending: 'Waiting',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
  cancelled: 'Not run (cancelled)',
};

/** A reason some rows would be (pre-flight) or were (run) left alone, with how many. */
export const bulkReasonCountSchema = z.object({
  reason: z.string(),
  detail: z.string(),
  count: z.number().int(),
});

export const bulkPreflightAnswer = z.object({
  command: z.enum(bulkCommandNames),
  /** Customers the target names. */
  total: z.number().int(),
  /** Of those, how many the pre-flight knows will be refused, by reason (the run skips them). */
  refused: z.array(bulkReasonCountSchema),
  /** total − refused: what the run is expected to act on. */
  will_run: z.number().int(),
  /** True when `total` is above `bulkConfirmAbove`: the run needs `confirm_over_max`. */
  needs_second_confirmation: z.boolean(),
  confirm_above: z.number().int(),
});
export type BulkPreflight = z.infer<typeof bulkPreflightAnswer>;

export const bulkRunSchema = z.object({
  id: z.number().int(),
  command: z.enum(bulkCommandNames),
  state: z.enum(bulkRunStates),
  params: z.record(z.string(), z.unknown()),
  target: z.enum(['ids', 'filter']),
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Rows not run because the run was cancelled. */
  cancelled: z.number().int(),
  cancel_requested: z.boolean(),
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BulkRun = z.infer<typeof bulkRunSchema>;

export const bulkRowSchema = z.object({
  ordinal: z.number().int(),
  user_id: z.number().int(),
  /** The customer's name and e-mail now (empty when the customer is gone). */
  name: z.string(),
  email: z.string(),
  state: z.enum(bulkRowStates),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

const runIdParams = z.object({ run_id: idParam });

export const bulkRuns = defineArea('bulkRuns', {
  preflight: post('bulk_runs/preflight', {
    summary: 'What a bulk run would do: how many customers, how many would be refused and why (nothing changes)',
    permission: 'user_details_read',
    readOnly: true,
    body: bulkRunBody,
    answer: bulkPreflightAnswer,
  }),
  create: post('bulk_runs', {
    summary:
      'Start a bulk run: the command once per customer, with its permission, audit and caps (403 before any row)',
    permission: 'user_details_read',
    body: bulkRunBody,
    answer: bulkRunSchema,
  }),
  list: get('bulk_runs', {
    summary: 'My bulk runs, newest first (the last 50)',
    permission: 'user_details_read',
    answer: z.object({ runs: z.array(bulkRunSchema) }),
  }),
  get: get('bulk_runs/:run_id', {
    summary: 'A bulk run: state, counts by outcome and reason, and its rows paged (filter by state)',
    permission: 'user_details_read',
    params: runIdParams,
    query: z.strictObject({
      state: z.enum(bulkRowStates).optional(),
      after: z.coerce.number().int().min(0).max(bulkMaxRows).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    answer: z.object({
      run: bulkRunSchema,
      reasons: z.array(bulkReasonCountSchema.extend({ state: z.enum(bulkRowStates) })),
      rows: z.array(bulkRowSchema),
      /** Pass as `after` for the next page; null on the last. */
      next_after: z.number().int().nullable(),
    }),
  }),
  cancel: post('bulk_runs/:run_id/cancel', {
    summary: 'Stop a bulk run before its next batch (what ran stays done)',
    permission: 'user_details_read',
    params: runIdParams,
    answer: bulkRunSchema,
  }),
  retryFailed: post('bulk_runs/:run_id/retry_failed', {
    summary: 'Run a finished bulk run’s failed rows again (only those)',
    permission: 'user_details_read',
    params: runIdParams,
    answer: bulkRunSchema,
  }),
});
