import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type JobItemState, jobItems, jobs } from '../db/schema';
import type { Job } from './registry';

/** Largest batch of keys one INSERT takes (`addJobItems` splits longer lists). */
const insertChunk = 10_000;

export interface EnqueueOptions<P> {
  kind: string;
  payload: P;
  /** The staff member who asked for it. */
  createdBy?: number | null;
  /** The items, in order; or leave them to the kind's `plan`, or add them with `addJobItems` in the same transaction. */
  items?: readonly string[];
  /** Not before this instant (ISO). */
  runAfter?: string;
  /** A job that may exist once (e.g. `contract_billing:2027-03-01`): when one with this key exists, nothing is queued. */
  onceKey?: string;
}

/**
 * Queues a job in `db`'s transaction (it runs once that commits; nothing runs if it rolls back). Returns its id, or
 * null when `onceKey` names a job that already exists (another server queued it first).
 * Duplicate item keys are refused by the unique index (a bug in the caller, not a user error).
 */
export async function enqueueJob<P>(
  db: Database,
  options: EnqueueOptions<P> & { onceKey: string },
): Promise<number | null>;
export async function enqueueJob<P>(db: Database, options: EnqueueOptions<P>): Promise<number>;
export async function enqueueJob<P>(db: Database, options: EnqueueOptions<P>): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: options.kind,
      payload: options.payload as unknown,
      createdBy: options.createdBy ?? null,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
      ...(options.onceKey ? { onceKey: options.onceKey } : {}),
    })
    .onConflictDoNothing({ target: jobs.onceKey })
    .returning({ id: jobs.id });
  if (!row && options.onceKey) return null;
  if (!row) throw new Error('job not inserted');
  if (options.items) await addJobItems(db, row.id, options.items);
  return row.id;
}

async function nextOrdinal(db: Database, jobId: number): Promise<number> {
  const result = await db.execute<{ next: number }>(
    sql`select coalesce(max(ordinal), 0)::int + 1 as next from job_items where job_id = ${jobId}`,
  );
  return Number(result.rows[0]?.next ?? 1);
}

async function recount(db: Database, jobId: number): Promise<void> {
  await db.execute(
    sql`update jobs set total = (select count(*)::int from job_items where job_id = ${jobId}) where id = ${jobId}`,
  );
}

/** Appends items (keys, in order) to a job, in `db`'s transaction; the job's total follows. */
export async function addJobItems(db: Database, jobId: number, keys: readonly string[]): Promise<void> {
  let ordinal = await nextOrdinal(db, jobId);
  for (let start = 0; start < keys.length; start += insertChunk) {
    const chunk = keys.slice(start, start + insertChunk);
    await db.execute(sql`
      insert into job_items (job_id, ordinal, item_key)
      select ${jobId}, ${ordinal - 1} + n::int, key
      from unnest(${sql.param(chunk)}::text[]) with ordinality as given(key, n)`);
    ordinal += chunk.length;
  }
  await recount(db, jobId);
}

/**
 * Appends the items a query selects (one text column `key`, in the query's order) to a job, in one statement: how
 * a filter of 100,000 customers becomes items without shipping their ids through the process.
 */
export async function addJobItemsFrom(db: Database, jobId: number, keys: SQL): Promise<void> {
  const start = await nextOrdinal(db, jobId);
  await db.execute(sql`
    insert into job_items (job_id, ordinal, item_key)
    select ${jobId}, ${start - 1} + (row_number() over ())::int, selected.key
    from (${keys}) as selected`);
  await recount(db, jobId);
}

/** A job with its progress, or null. */
export async function readJob<P = unknown>(db: Database, jobId: number): Promise<Job<P> | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  return (row as Job<P> | undefined) ?? null;
}

/** Items of a job by state (or all), in order, after an ordinal (keyset paging). */
export async function listJobItems(
  db: Database,
  jobId: number,
  options: { states?: readonly JobItemState[]; after?: number; limit: number },
) {
  return db
    .select()
    .from(jobItems)
    .where(
      and(
        eq(jobItems.jobId, jobId),
        options.states?.length ? inArray(jobItems.state, [...options.states]) : undefined,
        options.after ? gt(jobItems.ordinal, options.after) : undefined,
      ),
    )
    .orderBy(asc(jobItems.ordinal))
    .limit(options.limit);
}

/** Items by state and reason: `[{state, reason, count}]`. */
export async function countJobItems(db: Database, jobId: number) {
  const result = await db.execute<{ state: JobItemState; reason: string | null; count: number }>(sql`
    select state, reason, count(*)::int as count from job_items where job_id = ${jobId}
    group by state, reason order by state, reason`);
  return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/**
 * Asks a job to stop: a queued one is cancelled at once (its items too), a running one before its next batch (the
 * worker cancels the items left). False when the job is already finished.
 */
export async function cancelJob(db: Database, jobId: number): Promise<boolean> {
  const [row] = await db
    .update(jobs)
    .set({
      cancelRequested: true,
      state: sql`case when ${jobs.state} = 'queued' then 'cancelled' else ${jobs.state} end`,
      finishedAt: sql`case when ${jobs.state} = 'queued' then now() else ${jobs.finishedAt} end`,
    })
    .where(and(eq(jobs.id, jobId), inArray(jobs.state, ['queued', 'running'])))
    .returning({ state: jobs.state });
  if (!row) return false;
  if (row.state === 'cancelled') await cancelPendingItems(db, jobId);
  return true;
}

/** Marks a job's pending items cancelled. */
export async function cancelPendingItems(db: Database, jobId: number): Promise<void> {
  await db
    .update(jobItems)
    .set({ state: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(jobItems.jobId, jobId), eq(jobItems.state, 'pending')));
}

/**
 * Runs a finished job's failed items again (each with attempt + 1): they go back to pending, the job back to the
 * queue. Returns how many; 0 (and nothing changes) when none failed or the job is still queued or running.
 */
export async function retryFailedItems(db: Database, jobId: number): Promise<number> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job || job.state === 'queued' || job.state === 'running') return 0;
  const retried = await db
    .update(jobItems)
    .set({ state: 'pending', reason: null, detail: null, result: null, updatedAt: sql`now()` })
    .where(and(eq(jobItems.jobId, jobId), eq(jobItems.state, 'failed')))
    .returning({ ordinal: jobItems.ordinal });
  if (retried.length === 0) return 0;
  await db
    .update(jobs)
    .set({
      state: 'queued',
      failed: sql`${jobs.failed} - ${retried.length}`,
      cancelRequested: false,
      finishedAt: null,
      error: null,
      runAfter: sql`now()`,
      lockedUntil: null,
      workerId: null,
    })
    .where(eq(jobs.id, jobId));
  return retried.length;
}
