import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Up to this many matching rows are counted exactly; beyond it the total is the planner's estimate. */
export const exactCountLimit = 10_000;
/** Above this planner estimate, no counting at all: reading ~10,000 scattered rows would cost tens of milliseconds. */
const countOnlyBelowEstimate = 2 * exactCountLimit;

/** A list's total: exact, or estimated when counting would read more than `exactCountLimit` rows. */
export interface ListTotal {
  total: number;
  estimate: boolean;
}

type ExplainRow = {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string;
};

async function plannerEstimate(db: Database, from: SQL, condition: SQL): Promise<number> {
  const explained = await db.execute<ExplainRow>(sql`explain (format json) select 1 from ${from} where ${condition}`);
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as Exclude<typeof plan, string>) : plan;
  return Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The total of `from` rows matching `where`, at a bounded cost whatever the table's size: the planner's estimate first
 * (`EXPLAIN (FORMAT JSON)`, from the statistics, well under a millisecond); when it is over `countOnlyBelowEstimate`
 * that estimate is the answer; otherwise the rows are counted, reading at most `exactCountLimit + 1` of them: exact up to
 * the limit, and beyond it the estimate again (never less than the limit + 1).
 */
export async function countRows(db: Database, from: SQL, where: SQL | undefined): Promise<ListTotal> {
  const condition = where ?? sql`true`;
  const estimated = await plannerEstimate(db, from, condition);
  if (estimated > countOnlyBelowEstimate) return { total: estimated, estimate: true };
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${from} where ${condition} limit ${exactCountLimit + 1}) capped`,
  );
  const exact = Number(counted.rows[0]?.n ?? 0);
  if (exact <= exactCountLimit) return { total: exact, estimate: false };
  return { total: Math.max(estimated, exactCountLimit + 1), estimate: true };
}
