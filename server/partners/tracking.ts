import { type SQL, sql } from 'drizzle-orm';
import { money } from '../../domain/money';
import type { Tracking } from '../../domain/partner-activities';
import type { Database } from '../db/client';

/**
 * The tracking numbers, read from `attribution_counts` (kept by triggers on the customers, in the writing transaction:
 * never stale): an activity's customers are those whose utm_source, utm_campaign and utm_content equal its own
 * (content null-safe), a partner's are its activities' customers plus those it referred directly
 * (`referred_by = 'partner:' || ref`). Only the rows of the page asked for are read, each an index probe per activity
 * however many customers it brought.
 */

/** The join condition of an activity table aliased `a` to the counts aliased `k`. */
const attributed = sql.raw(
  `k.utm_source = a.utm_source and k.utm_campaign = a.utm_campaign and k.utm_content = coalesce(a.utm_content, '')`,
);

/**
 * Turns JIT compilation off for the rest of the call's transaction: the planner prices the per-row subqueries of a page
 * over `jit_above_cost` at scale (it cannot know each probe finds a row or two), and compiling them took 45–370 ms for
 * a query that runs in 1–3 ms (measured at 1M customers). `set local`: the call's transaction only.
 */
async function withoutJit(db: Database): Promise<void> {
  await db.execute(sql`set local jit = off`);
}

type CountsRow = {
  id: number;
  signups: number;
  subscribers: number;
  logins: number;
  lightroom: number;
  cost: number | string;
  clicks: number | string | null;
};

/** Cost ÷ subscribers in USD minor units (rounded), or null without subscribers. */
export function costPerSubscriber(costMinor: number, subscribers: number) {
  return subscribers > 0 ? money(Math.round(costMinor / subscribers), 'USD') : null;
}

/** One of the two activity tables, by its SQL name. */
export type ActivityTableName = 'partner_activities' | 'marketing_activities';

/** The tracking numbers of the given activities of `table`, by id. */
export async function activityTracking(
  db: Database,
  table: ActivityTableName,
  ids: readonly number[],
): Promise<Map<number, Tracking>> {
  const found = new Map<number, Tracking>();
  if (ids.length === 0) return found;
  const owner = sql.raw(table === 'partner_activities' ? 'partner_activity_id' : 'marketing_activity_id');
  await withoutJit(db);
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<CountsRow>(sql`
    select a.id, a.cost,
      coalesce(t.signups, 0)::int as signups, coalesce(t.subscribers, 0)::int as subscribers,
      coalesce(t.logins, 0)::int as logins, coalesce(t.lightroom, 0)::int as lightroom,
      (select s.clicks from short_links s where s.${owner} = a.id limit 1) as clicks
    from ${sql.raw(table)} a
    left join lateral (
      select sum(k.signups) as signups, sum(k.subscribers) as subscribers, sum(k.logins) as logins,
        sum(k.lightroom) as lightroom
      from attribution_counts k where ${attributed}
    ) t on true
    where a.id in (${list})`);
  for (const row of result.rows) {
    found.set(Number(row.id), {
      num_of_signups: row.signups,
      num_of_subscribers: row.subscribers,
      num_of_logins: row.logins,
      num_of_lightroom_users: row.lightroom,
      cac: costPerSubscriber(Number(row.cost), row.subscribers),
      clicks: Number(row.clicks ?? 0),
    });
  }
  return found;
}

/** A partner's activity count, paying customers brought and total activity cost (minor units). */
export interface PartnerTotals {
  activities: number;
  subscribers: number;
  cost: number;
}

/** The totals of the given partners, by id (partners without activities or customers get zeros). */
export async function partnerTotals(db: Database, ids: readonly number[]): Promise<Map<number, PartnerTotals>> {
  const found = new Map<number, PartnerTotals>();
  if (ids.length === 0) return found;
  await withoutJit(db);
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ id: number; activities: number; cost: string | number; subscribers: number }>(sql`
    select p.id,
      (select count(*)::int from partner_activities a where a.partner_id = p.id) as activities,
      (select coalesce(sum(a.cost), 0)::bigint from partner_activities a where a.partner_id = p.id) as cost,
      (select coalesce(sum(brought.subscribers), 0)::int from (
        select k.utm_source, k.utm_campaign, k.utm_content, k.referred_by, k.subscribers
          from partner_activities a join attribution_counts k on ${attributed} where a.partner_id = p.id
        union
        select k.utm_source, k.utm_campaign, k.utm_content, k.referred_by, k.subscribers
          from attribution_counts k where k.referred_by = 'partner:' || p.ref
      ) brought) as subscribers
    from partners p where p.id in (${list})`);
  for (const row of result.rows) {
    found.set(Number(row.id), {
      activities: Number(row.activities),
      subscribers: Number(row.subscribers),
      cost: Number(row.cost),
    });
  }
  return found;
}

/** The activity whose own UTM set counts as free (the one being edited), by its table. */
export interface UtmSetOwner {
  activityId?: number;
  marketingActivityId?: number;
}

/** True when an activity of either table already uses the UTM set (except the ones named). */
export async function utmSetTaken(
  db: Database,
  set: { utm_source: string; utm_campaign: string; utm_content: string | null },
  except: UtmSetOwner = {},
): Promise<boolean> {
  const same = (alias: string): SQL =>
    sql`lower(${sql.raw(alias)}.utm_source) = lower(${set.utm_source}) and lower(${sql.raw(alias)}.utm_campaign) = lower(${set.utm_campaign}) and lower(coalesce(${sql.raw(alias)}.utm_content, '')) = lower(${set.utm_content ?? ''})`;
  const result = await db.execute<{ taken: boolean }>(sql`
    select exists (select 1 from partner_activities a where ${same('a')} and a.id <> ${except.activityId ?? 0})
      or exists (select 1 from marketing_activities m where ${same('m')} and m.id <> ${except.marketingActivityId ?? 0})
      as taken`);
  return Boolean(result.rows[0]?.taken);
}
