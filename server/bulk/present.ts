import { and, desc, eq, sql } from 'drizzle-orm';
import type { BulkRow, BulkRowState, BulkRun } from '../../domain/bulk';
import type { Database } from '../db/client';
import { jobItems, jobs, staff } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { fail } from '../http/errors';
import { type BulkRunPayload, bulkRunKind } from './kind';

const runColumns = {
  job: jobs,
  firstName: staff.firstName,
  lastName: staff.lastName,
  cancelled: sql<number>`(select count(*)::int from job_items i where i.job_id = ${jobs.id} and i.state = 'cancelled')`,
};

type RunRecord = {
  job: typeof jobs.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  cancelled: number;
};

function runOf({ job, firstName, lastName, cancelled }: RunRecord): BulkRun {
  const payload = job.payload as BulkRunPayload;
  return {
    id: job.id,
    command: payload.command,
    state: job.state,
    params: payload.params,
    target: 'ids' in payload.target ? 'ids' : 'filter',
    total: job.total,
    done: job.done,
    skipped: job.skipped,
    failed: job.failed,
    cancelled: Number(cancelled),
    cancel_requested: job.cancelRequested,
    created_by: {
      id: job.createdBy,
      name: firstName === null ? 'Former staff member' : `${firstName} ${lastName ?? ''}`.trim(),
    },
    created_at: isoTimestamp(job.createdAt),
    started_at: isoTimestampOrNull(job.startedAt),
    finished_at: isoTimestampOrNull(job.finishedAt),
  };
}

const runs = (db: Database) => db.select(runColumns).from(jobs).leftJoin(staff, eq(staff.id, jobs.createdBy));

/** A bulk run as the API answers it; 404 `bulk_run_not_found` for an unknown id (or a job of another kind). */
export async function readRun(db: Database, id: number): Promise<BulkRun> {
  const [record] = await runs(db).where(and(eq(jobs.id, id), eq(jobs.kind, bulkRunKind)));
  if (!record) throw fail('bulk_run_not_found');
  return runOf(record);
}

/** The staff member's latest runs. */
export async function listRuns(db: Database, staffId: number, limit: number): Promise<BulkRun[]> {
  const records = await runs(db)
    .where(and(eq(jobs.kind, bulkRunKind), eq(jobs.createdBy, staffId)))
    .orderBy(desc(jobs.id))
    .limit(limit);
  return records.map(runOf);
}

/** A page of a run's rows (by state or all), with the customer's name and e-mail now. */
export async function readRows(
  db: Database,
  id: number,
  options: { state?: BulkRowState; after?: number; limit: number },
): Promise<{ rows: BulkRow[]; nextAfter: number | null }> {
  const result = await db.execute<{
    ordinal: number;
    item_key: string;
    state: BulkRowState;
    attempts: number;
    reason: string | null;
    detail: string | null;
    updated_at: string | null;
    name: string | null;
    email: string | null;
  }>(sql`
    select i.ordinal, i.item_key, i.state, i.attempts, i.reason, i.detail, i.updated_at::text as updated_at,
      trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) as name, c.email
    from ${jobItems} i left join customers c on c.id = i.item_key::int
    where i.job_id = ${id} ${options.state ? sql`and i.state = ${options.state}` : sql``}
      and i.ordinal > ${options.after ?? 0}
    order by i.ordinal limit ${options.limit + 1}`);
  const page = result.rows.slice(0, options.limit);
  const rows = page.map((row) => ({
    ordinal: Number(row.ordinal),
    user_id: Number(row.item_key),
    name: row.name ?? '',
    email: row.email ?? '',
    state: row.state,
    attempts: Number(row.attempts),
    reason: row.reason,
    detail: row.detail,
    updated_at: isoTimestampOrNull(row.updated_at),
  }));
  const last = rows.at(-1);
  return { rows, nextAfter: result.rows.length > options.limit && last ? last.ordinal : null };
}

/** Rows not done, by state and reason, with one of their details (the words of the reason). */
export async function readReasons(db: Database, id: number) {
  const result = await db.execute<{ state: BulkRowState; reason: string; detail: string; count: number }>(sql`
    select state, coalesce(reason, state) as reason, coalesce(min(detail), '') as detail, count(*)::int as count
    from ${jobItems} where job_id = ${id} and state not in ('done', 'pending')
    group by state, coalesce(reason, state) order by count(*) desc, 2`);
  return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
}
