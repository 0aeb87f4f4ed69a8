import { type SQL, sql } from 'drizzle-orm';
import { money } from '../../domain/money';
import type { Tracking } from '../../domain/partner-activities';
import type { Database } from '../db/client';

/**
 * The tracking numbers, read from the customers: an activity's customers are those whose utm_source, utm_campaign and
 * utm_content equal its own (content null-safe), found through the `customers_utm_set` index; a partner's are its
 * activities' customers plus those it referred directly (`referred_by = 'partner:' || ref`, `customers_referred_by`).
 * Only the rows of the page asked for are counted: the cost grows with the page, not with the tables.
 */

/** The plans that pay: a subscriber is an attributed customer on one of them now (trials and cancelled do not). */
const payingSubscriptionTypes = ['METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT'] as const;
const paying = sql.raw(`(${payingSubscriptionTypes.map((type) => `'${type}'`).join(', ')})`);

/** The join condition of an activity table aliased `a` to the customers aliased `c`. */
const attributed = sql.raw(
  `c.utm_source = a.utm_source and c.utm_campaign = a.utm_campaign and coalesce(c.utm_content, '') = coalesce(a.utm_content, '')`,
);

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
      select count(*) as signups,
        count(*) filter (where c.subscription_type in ${paying}) as subscribers,
        count(*) filter (where c.last_activity is not null) as logins,
        count(*) filter (where c.editing_software ilike 'lightroom%') as lightroom
      from customers c where ${attributed}
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
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ id: number; activities: number; cost: string | number; subscribers: number }>(sql`
    select p.id,
      (select count(*)::int from partner_activities a where a.partner_id = p.id) as activities,
      (select coalesce(sum(a.cost), 0)::bigint from partner_activities a where a.partner_id = p.id) as cost,
      (select count(*)::int from (
        select c.id from partner_activities a join customers c on ${attributed}
          where a.partner_id = p.id and c.subscription_type in ${paying}
        union
        select c.id from customers c
          where c.referred_by = 'partner:' || p.ref and c.subscription_type in ${paying}
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
