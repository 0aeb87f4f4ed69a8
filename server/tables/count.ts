import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Up to this many matching rows are counted exactly; beyond it the total is the planner's estimate. */
export const exactCountLimit = 10_000;

/** A list's total: exact, or estimated when counting would read more than `exactCountLimit` rows. */
export interface ListTotal {
  total: number;
  estimate: boolean;
}

type ExplainRow = {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string;
};

/**
 * Counts the rows of `from` matching `where`, reading at most `exactCountLimit + 1` of them (an index range at most);
 * above that, takes the planner's row estimate of the same query (`EXPLAIN (FORMAT JSON)`, from the statistics),
 * never less than the limit + 1. So a count costs a few milliseconds whatever the table's size.
 */
export async function countRows(db: Database, from: SQL, where: SQL | undefined): Promise<ListTotal> {
  const condition = where ?? sql`true`;
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${from} where ${condition} limit ${exactCountLimit + 1}) capped`,
  );
  const exact = Number(counted.rows[0]?.n ?? 0);
  if (exact <= exactCountLimit) return { total: exact, estimate: false };
  const explained = await db.execute<ExplainRow>(sql`explain (format json) select 1 from ${from} where ${condition}`);
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as Exclude<typeof plan, string>) : plan;
  const rows = Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(rows, exactCountLimit + 1), estimate: true };
}
