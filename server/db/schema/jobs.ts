import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff';

/** A job's life: queued → running → done | failed | cancelled (server/jobs/index.ts). */
export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/** One item of a job: pending until a batch runs it, then done, skipped (with a reason), failed or cancelled. */
export const jobItemStates = ['pending', 'done', 'skipped', 'failed', 'cancelled'] as const;
export type JobItemState = (typeof jobItemStates)[number];

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * The one job queue of the server (server/jobs): bulk runs, mass e-mail… A worker leases a job
 * (`locked_until`, `worker_id`, claimed with FOR UPDATE SKIP LOCKED) and renews the lease with every batch; a job
 * whose lease lapsed (its server died) is taken over by the next worker that looks.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which registered handler runs it (`registerJobKind`). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: jobStates }).notNull().default('queued'),
    /** Who asked for it (null for jobs the system starts). */
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    /** Not run before this instant (queued jobs). */
    runAfter: at('run_after').notNull().defaultNow(),
    /** The lease of the worker running it; null when no worker holds it. */
    lockedUntil: at('locked_until'),
    workerId: text('worker_id'),
    /** Set by a cancel: the worker stops before its next batch. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Whether the kind's `plan` step (filling the items) ran. */
    planned: boolean('planned').notNull().default(false),
    /** Progress, counted by the batches that committed. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Why the job as a whole failed (not an item's failure). */
    error: text('error'),
    /** A job that may exist once (the billing run of a day): every server may enqueue it, one insert wins. */
    onceKey: text('once_key'),
  },
  (t) => [
    index('jobs_due').on(t.runAfter, t.id).where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_kind_creator').on(t.kind, t.createdBy, t.id),
    uniqueIndex('jobs_once_key').on(t.onceKey),
    check('jobs_state', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
  ],
);

/**
 * A job's items, each run exactly once: its state changes in the same transaction as its effect, so a batch that
 * did not commit leaves its items pending for the next worker. `item_key` is unique per job (e.g. a customer id).
 */
export const jobItems = pgTable(
  'job_items',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Run and listed in this order. */
    ordinal: integer('ordinal').notNull(),
    itemKey: text('item_key').notNull(),
    state: text('state', { enum: jobItemStates }).notNull().default('pending'),
    /** Runs of this item so far (a retry of a failed item adds one). */
    attempts: integer('attempts').notNull().default(0),
    /** A short code for skipped and failed items (`already_suspended`, `over_credit_cap`…), to count them by. */
    reason: text('reason'),
    /** The reason in words. */
    detail: text('detail'),
    result: jsonb('result'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.ordinal] }),
    uniqueIndex('job_items_key').on(t.jobId, t.itemKey),
    index('job_items_pending').on(t.jobId, t.ordinal).where(sql`${t.state} = 'pending'`),
    index('job_items_state').on(t.jobId, t.state, t.ordinal),
    check('job_items_state', sql`${t.state} in ('pending', 'done', 'skipped', 'failed', 'cancelled')`),
  ],
);
