import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { bulkTargetSchema } from '../../domain/bulk';
import { creditCapWindowHours, giveCreditCappedDailyMax } from '../../domain/credit-cap';
import { giveCreditCappedMax } from '../../domain/user-actions';
import type { Database } from '../db/client';
import { compileTableQuery } from '../tables/filter-sql';
import { customersSource } from '../users/filter-columns';

export type ParsedTarget = z.output<typeof bulkTargetSchema>;

/**
 * The customers a target names, as one query of text keys in run order: the ids in the order given (first mention
 * kept), or every customer the filter matches now, in the filter's sort. Unknown ids stay (the run reports them).
 */
export function targetKeys(target: ParsedTarget): SQL {
  if ('ids' in target) {
    return sql`select key from (
      select id::text as key, min(n) as n from unnest(${sql.param(target.ids)}::int[]) with ordinality as given(id, n)
      group by id) as ids order by n`;
  }
  const query = compileTableQuery(customersSource, { ...target.filter, page_size: 100, cursor: null });
  return sql`select customers.id::text as key from customers
    ${query.where ? sql`where ${query.where}` : sql``} order by ${sql.join(query.orderBy, sql`, `)}`;
}

/** A reason the pre-flight can tell ahead of the run, as a condition on `c` (the customer, null when unknown). */
interface Refusal {
  reason: string;
  detail: string;
  when: SQL;
}

const notFound: Refusal = { reason: 'customer_not_found', detail: 'No such customer', when: sql`c.id is null` };

/** What the pre-flight can tell of a command's refusals from the data (the run checks each row again). */
function refusalsOf(command: string, staffId: number, params: Record<string, unknown>, capped: boolean): Refusal[] {
  if (command === 'suspend') {
    return [{ reason: 'already_suspended', detail: 'Already suspended', when: sql`c.status = 'SUSPENDED'` }];
  }
  if (command === 'unsuspend') {
    return [{ reason: 'not_suspended', detail: 'Not suspended', when: sql`c.status <> 'SUSPENDED'` }];
  }
  if (command === 'give_credit' && capped) {
    const amount = Number(params.amount);
    if (amount > giveCreditCappedMax) {
      const detail = `Over your role's cap of ${giveCreditCappedMax} per action`;
      return [{ reason: 'credit_cap_exceeded', detail, when: sql`true` }];
    }
    const minor = Math.round(amount * 100);
    const given = sql`(select coalesce(sum(cc.amount), 0) from customer_credits cc
      where cc.customer_id = c.id and cc.staff_id = ${staffId} and cc.source = 'STAFF' and cc.currency = c.currency
        and cc.created_at > now() - make_interval(hours => ${creditCapWindowHours}))`;
    return [
      {
        reason: 'credit_daily_cap_exceeded',
        detail: `Over your role's cap of ${giveCreditCappedDailyMax} per customer within ${creditCapWindowHours} hours`,
        when: sql`${given} + ${minor} > ${giveCreditCappedDailyMax * 100}`,
      },
    ];
  }
  return [];
}

/** How many customers a target names, and how many the pre-flight knows will be refused, by reason. */
export async function countTarget(
  db: Database,
  keys: SQL,
  refusal: { command: string; staffId: number; params: Record<string, unknown>; capped: boolean },
): Promise<{ total: number; refused: { reason: string; detail: string; count: number }[] }> {
  const refusals = [notFound, ...refusalsOf(refusal.command, refusal.staffId, refusal.params, refusal.capped)];
  // Each row counts under its first reason only, so the reasons add up to the refused rows.
  const firstReason = sql`case ${sql.join(
    refusals.map((entry, index) => sql`when ${entry.when} then ${index}`),
    sql` `,
  )} end`;
  const result = await db.execute<{ reason_index: number | null; count: number }>(sql`
    select ${firstReason} as reason_index, count(*)::int as count
    from (${keys}) as target left join customers c on c.id = target.key::int
    group by 1`);
  let total = 0;
  const refused: { reason: string; detail: string; count: number }[] = [];
  for (const row of result.rows) {
    const count = Number(row.count);
    total += count;
    if (row.reason_index === null) continue;
    const entry = refusals[Number(row.reason_index)];
    if (entry) refused.push({ reason: entry.reason, detail: entry.detail, count });
  }
  refused.sort((a, b) => b.count - a.count);
  return { total, refused };
}
