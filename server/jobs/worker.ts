import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobItems, jobs } from '../db/schema';
import { logRedacted } from '../http/log-redaction';
import { cancelPendingItems } from './queue';
import {
  defaultFailureOf,
  type ItemOutcome,
  type Job,
  type JobItem,
  type JobKind,
  type JobServices,
  jobKindOf,
  registeredJobKinds,
} from './registry';
import { isTransientDatabaseError, sqlStateOf } from './transient';

export interface JobWorkerOptions {
  /** Given to every item's run. */
  services: JobServices;
  /** This worker's name in `jobs.worker_id` (default: a random id). */
  workerId?: string;
  /** How often an idle worker looks for a job. Default 500 ms. */
  pollMs?: number;
  /** How long a claim holds without a renewal (every batch renews it). Default 30 s. */
  leaseSeconds?: number;
  /** After a batch failed as a whole (the database, not an item), the job waits this long. Default 5 s. */
  retryAfterSeconds?: number;
  /** Items per batch for every kind, instead of each kind's own (tests that stop a run after its first batch). */
  batchSize?: number;
  /** Called after each committed batch (progress logs, benches, tests that stop a worker mid-run). */
  afterBatch?: (jobId: number) => void;
  /** Where errors go. */
  onError?: (error: unknown, jobId: number | null) => void;
  /**
   * A batch failed for a transient reason (deadlock, serialization, lost connection) and runs again after `delayMs`
   * (its `attempt`-th retry). Default: a one-line warning.
   */
  onTransient?: (error: unknown, jobId: number, attempt: number, delayMs: number) => void;
  /** How often a batch is run again after a transient failure before the job is handed back for later. Default 8. */
  transientRetries?: number;
}

/** The lease was taken over (it lapsed): this worker stops working on the job. */
class LeaseLost extends Error {}

/** A transient failure inside a batch: the whole batch rolls back and runs again (no item is failed for it). */
class TransientBatchFailure extends Error {
  constructor(readonly reason: unknown) {
    super('transient database failure', { cause: reason });
  }
}

/** The wait before the `attempt`-th run again of a batch: 50 ms doubling to at most 3 s, with jitter (half to all). */
export function transientBackoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(3000, 50 * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Runs the jobs of the kinds registered in this process, one at a time: claims a due job (queued, or running with a
 * lapsed lease: its worker died) with FOR UPDATE SKIP LOCKED, plans it once, then runs its pending items in batches,
 * each batch one transaction that renews the lease first and commits the items' effects with their states and the
 * job's counters. `stop()` lets the current batch finish and hands the job back (lease cleared) for the next worker.
 */
export class JobWorker {
  readonly id: string;
  readonly #db: Database;
  readonly #pollMs: number;
  readonly #leaseSeconds: number;
  readonly #retryAfterSeconds: number;
  readonly #onError: (error: unknown, jobId: number | null) => void;
  readonly #services: JobServices;
  readonly #afterBatch: ((jobId: number) => void) | undefined;
  readonly #batchSize: number | undefined;
  readonly #onTransient: (error: unknown, jobId: number, attempt: number, delayMs: number) => void;
  readonly #transientRetries: number;
  /** Batches this worker ran again after a transient failure (deadlocks, serialization, lost connections). */
  transientRetried = 0;
  #stopping = false;
  #loop: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #wake: (() => void) | null = null;

  constructor(db: Database, options: JobWorkerOptions) {
    this.#db = db;
    this.#services = options.services;
    this.#afterBatch = options.afterBatch;
    this.#batchSize = options.batchSize;
    this.id = options.workerId ?? `worker-${randomUUID()}`;
    this.#pollMs = options.pollMs ?? 500;
    this.#leaseSeconds = options.leaseSeconds ?? 30;
    this.#retryAfterSeconds = options.retryAfterSeconds ?? 5;
    this.#onError = options.onError ?? ((error, jobId) => logRedacted('job worker: a batch failed', error, { jobId }));
    this.#transientRetries = options.transientRetries ?? 8;
    this.#onTransient =
      options.onTransient ??
      ((error, jobId, attempt, delayMs) =>
        console.warn(
          `job worker: job ${jobId}: batch failed (${sqlStateOf(error) ?? 'connection'}), retry ${attempt} in ${delayMs} ms`,
        ));
  }

  /** Starts looking for jobs in the background. */
  start(): void {
    if (this.#loop) return;
    this.#stopping = false;
    this.#loop = this.#run();
  }

  /** Looks for a job now instead of at the next poll (e.g. right after enqueueing one in this process). */
  wake(): void {
    this.#wake?.();
  }

  /** Finishes the current batch, hands its job back and stops. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.wake();
    await this.#loop;
    this.#loop = null;
  }

  /** True once `stop()` was called: the worker stops at the next batch boundary. */
  get stopping(): boolean {
    return this.#stopping;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let worked = false;
      try {
        worked = await this.runNext();
      } catch (error) {
        this.#onError(error, null);
      }
      if (!worked && !this.#stopping) await this.#sleep();
    }
  }

  /** Waits `ms`, or less when `stop()` is called meanwhile. */
  #rest(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = null;
        resolve();
      }, ms);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
    });
  }

  #sleep(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = () => {
        if (this.#timer) clearTimeout(this.#timer);
        this.#wake = null;
        resolve();
      };
      this.#timer = setTimeout(() => this.#wake?.(), this.#pollMs);
    });
  }

  /** The lease's end: the kind's own length (short for quick batches), else the worker's. */
  #lease(kind?: JobKind<unknown, unknown>) {
    const seconds = Math.min(kind?.leaseSeconds ?? this.#leaseSeconds, this.#leaseSeconds);
    return sql`now() + make_interval(secs => ${seconds})`;
  }

  /** Claims one due job and runs it until it ends, the worker stops or the lease is lost. False when none was due. */
  async runNext(): Promise<boolean> {
    const kinds = registeredJobKinds();
    if (kinds.length === 0) return false;
    const due = this.#db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.state, ['queued', 'running']),
          inArray(jobs.kind, kinds),
          sql`${jobs.runAfter} <= now()`,
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAfter), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await this.#db
      .update(jobs)
      .set({
        state: 'running',
        workerId: this.id,
        lockedUntil: this.#lease(),
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    if (!claimed) return false;
    const kind = jobKindOf(claimed.kind);
    if (!kind) return false;
    try {
      await this.#runJob(claimed as Job, kind);
    } catch (error) {
      if (error instanceof LeaseLost) return true;
      this.#onError(error, claimed.id);
      // The batch rolled back: hand the job back, to be tried again a little later.
      await this.#db
        .update(jobs)
        .set({
          lockedUntil: null,
          workerId: null,
          runAfter: sql`now() + make_interval(secs => ${this.#retryAfterSeconds})`,
        })
        .where(and(eq(jobs.id, claimed.id), eq(jobs.workerId, this.id)))
        .catch((release: unknown) => this.#onError(release, claimed.id));
    }
    return true;
  }

  async #release(jobId: number): Promise<void> {
    await this.#db
      .update(jobs)
      .set({ lockedUntil: null, workerId: null })
      .where(and(eq(jobs.id, jobId), eq(jobs.workerId, this.id)));
  }

  /** Renews the lease in `db`'s transaction (locking the job row until it commits); the job as it is now. */
  async #renew(db: Database, jobId: number, kind: JobKind<unknown, unknown>): Promise<Job> {
    const [job] = await db
      .update(jobs)
      .set({ lockedUntil: this.#lease(kind) })
      .where(and(eq(jobs.id, jobId), eq(jobs.workerId, this.id), eq(jobs.state, 'running')))
      .returning();
    if (!job) throw new LeaseLost();
    return job as Job;
  }

  async #runJob(claimed: Job, kind: JobKind<unknown, unknown>): Promise<void> {
    if (kind.runWhole) {
      const renew = () => this.#db.transaction(async (db) => void (await this.#renew(db, claimed.id, kind)));
      await kind.runWhole({ db: this.#db, job: claimed, services: this.#services, renew });
      await this.#db
        .update(jobs)
        .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, workerId: null })
        .where(and(eq(jobs.id, claimed.id), eq(jobs.workerId, this.id)));
      return;
    }
    if (!claimed.planned) {
      const planned = await this.#plan(claimed, kind);
      if (!planned) return;
    }
    for (;;) {
      if (this.#stopping) {
        await this.#release(claimed.id);
        return;
      }
      const begun = performance.now();
      const more = await this.#batchWithRetries(claimed.id, kind);
      if (!more) return;
      this.#afterBatch?.(claimed.id);
      const pause = kind.pauseAfterBatch?.(performance.now() - begun) ?? 0;
      if (pause > 0 && !this.#stopping) await this.#rest(pause);
    }
  }

  /**
   * One batch in a transaction of its own; a transient failure (deadlock, serialization, lost connection) rolls it all
   * back and runs it again after a backoff, up to `transientRetries` times; then the error goes up and the job is
   * handed back to be tried again later. No item is ever failed for a transient reason.
   */
  async #batchWithRetries(jobId: number, kind: JobKind<unknown, unknown>): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#db.transaction((db) => this.#batch(db, jobId, kind));
      } catch (error) {
        const reason = error instanceof TransientBatchFailure ? error.reason : error;
        if (!isTransientDatabaseError(reason) || attempt > this.#transientRetries || this.#stopping) throw reason;
        const delay = transientBackoffMs(attempt);
        this.transientRetried += 1;
        this.#onTransient(reason, jobId, attempt, delay);
        await this.#rest(delay);
      }
    }
  }

  async #plan(claimed: Job, kind: JobKind<unknown, unknown>): Promise<boolean> {
    try {
      await this.#db.transaction(async (db) => {
        const job = await this.#renew(db, claimed.id, kind);
        await kind.plan?.(db, job);
        await db.execute(sql`update jobs set planned = true,
          total = (select count(*)::int from job_items where job_id = ${job.id}) where id = ${job.id}`);
      });
      return true;
    } catch (error) {
      // A transient failure is no reason to give the job up: it is handed back and planned again later.
      if (error instanceof LeaseLost || isTransientDatabaseError(error)) throw error;
      this.#onError(error, claimed.id);
      const detail = error instanceof Error ? error.message : String(error);
      await this.#db
        .update(jobs)
        .set({ state: 'failed', error: detail.slice(0, 500), finishedAt: sql`now()`, lockedUntil: null })
        .where(and(eq(jobs.id, claimed.id), eq(jobs.workerId, this.id)));
      return false;
    }
  }

  /** One batch in `db`'s transaction. False when the job ended (done or cancelled). */
  async #batch(db: Database, jobId: number, kind: JobKind<unknown, unknown>): Promise<boolean> {
    const job = await this.#renew(db, jobId, kind);
    const finish = (state: 'done' | 'cancelled') =>
      db
        .update(jobs)
        .set({ state, finishedAt: sql`now()`, lockedUntil: null, workerId: null })
        .where(eq(jobs.id, jobId));
    if (job.cancelRequested) {
      await cancelPendingItems(db, jobId);
      await finish('cancelled');
      return false;
    }
    const items = await db
      .select({ ordinal: jobItems.ordinal, key: jobItems.itemKey, attempts: jobItems.attempts })
      .from(jobItems)
      .where(and(eq(jobItems.jobId, jobId), eq(jobItems.state, 'pending')))
      .orderBy(asc(jobItems.ordinal))
      .limit(this.#batchSize ?? (typeof kind.batchSize === 'function' ? kind.batchSize(job) : (kind.batchSize ?? 100)))
      .for('update', { skipLocked: true });
    if (items.length === 0) {
      await finish('done');
      return false;
    }
    const runs: JobItem[] = items.map((item) => ({ key: item.key, ordinal: item.ordinal, attempt: item.attempts + 1 }));
    await kind.lockBatch?.(db, job, runs);
    const batch = await kind.prepareBatch?.(db, job, this.#services);
    const outcomes =
      (await this.#runBatch(db, job, kind, runs, batch)) ?? (await this.#runItems(db, job, kind, runs, batch));
    const counts = { done: 0, skipped: 0, failed: 0 };
    for (const outcome of outcomes) counts[outcome.state] += 1;
    await writeItemStates(db, jobId, runs, outcomes);
    await db
      .update(jobs)
      .set({
        done: sql`${jobs.done} + ${counts.done}`,
        skipped: sql`${jobs.skipped} + ${counts.skipped}`,
        failed: sql`${jobs.failed} + ${counts.failed}`,
      })
      .where(eq(jobs.id, jobId));
    return true;
  }

  /** The kind's set-based fast path in a savepoint; null when it has none, declines, or failed (rolled back). */
  async #runBatch(
    db: Database,
    job: Job,
    kind: JobKind<unknown, unknown>,
    items: readonly JobItem[],
    batch: unknown,
  ): Promise<ItemOutcome[] | null> {
    if (!kind.runBatch) return null;
    try {
      const outcomes = await db.transaction((savepoint) =>
        (kind.runBatch as NonNullable<typeof kind.runBatch>)({
          db: savepoint,
          job,
          items,
          services: this.#services,
          batch,
        }),
      );
      if (outcomes && outcomes.length !== items.length)
        throw new Error(`runBatch answered ${outcomes.length} outcomes`);
      return outcomes;
    } catch (error) {
      if (isTransientDatabaseError(error)) throw new TransientBatchFailure(error);
      // One item the set cannot take (a trigger, a constraint) fails the whole statement: run them one by one.
      if (!(error instanceof LeaseLost) && !isDatabaseError(error)) this.#onError(error, job.id);
      return null;
    }
  }

  /** Each item in a savepoint of its own: a thrown error rolls back that item alone and fails it. */
  async #runItems(
    db: Database,
    job: Job,
    kind: JobKind<unknown, unknown>,
    items: readonly JobItem[],
    batch: unknown,
  ): Promise<ItemOutcome[]> {
    const outcomes: ItemOutcome[] = [];
    for (const item of items) {
      try {
        const runItem = kind.runItem;
        if (!runItem) throw new Error(`job kind ${job.kind} runs no items`);
        outcomes.push(
          await db.transaction((savepoint) => runItem({ db: savepoint, job, item, services: this.#services, batch })),
        );
      } catch (error) {
        if (error instanceof LeaseLost) throw error;
        if (isTransientDatabaseError(error)) throw new TransientBatchFailure(error);
        const failure = (kind.failureOf ?? defaultFailureOf)(error);
        if (failure.reason === 'internal_error') this.#onError(error, job.id);
        outcomes.push({ state: 'failed', reason: failure.reason, detail: failure.detail });
      }
    }
    return outcomes;
  }
}

/** An error PostgreSQL (or PGlite) raised for a statement, as opposed to a bug in the kind's code. */
function isDatabaseError(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (
    typeof (cause as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((cause as { code: string }).code)
  );
}

/** The items' new states, attempts, reasons and results in one statement (they commit with the batch's effects). */
async function writeItemStates(
  db: Database,
  jobId: number,
  items: readonly JobItem[],
  outcomes: readonly ItemOutcome[],
): Promise<void> {
  const column = <T>(pick: (outcome: ItemOutcome, index: number) => T) => outcomes.map(pick);
  await db.execute(sql`
    update job_items set state = given.state, attempts = given.attempts, reason = given.reason,
      detail = given.detail, result = given.result::jsonb, updated_at = now()
    from unnest(
      ${sql.param(items.map((item) => item.ordinal))}::int[],
      ${sql.param(column((outcome) => outcome.state))}::text[],
      ${sql.param(items.map((item) => item.attempt))}::int[],
      ${sql.param(column((outcome) => outcome.reason ?? null))}::text[],
      ${sql.param(column((outcome) => outcome.detail?.slice(0, 500) ?? null))}::text[],
      ${sql.param(column((outcome) => (outcome.result === undefined ? null : JSON.stringify(outcome.result))))}::text[]
    ) as given(ordinal, state, attempts, reason, detail, result)
    where job_items.job_id = ${jobId} and job_items.ordinal = given.ordinal`);
}
