import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { useTestApi } from './support/test-api';

type Counts = { key: string; signups: number; subscribers: number; logins: number; lightroom: number };

describeEachBackend('attribution counts follow every customer write (the tracking numbers read them)', (backend) => {
  const t = useTestApi(backend);

  /** The kept counts, and the same counts recomputed from the customers now. */
  async function keptAndRecomputed(): Promise<[Counts[], Counts[]]> {
    const kept = await t.api.db.execute<Counts>(sql`
      select utm_source || '|' || utm_campaign || '|' || utm_content || '|' || referred_by as key,
        signups, subscribers, logins, lightroom
      from attribution_counts where signups <> 0 or subscribers <> 0 or logins <> 0 or lightroom <> 0 order by key`);
    const recomputed = await t.api.db.execute<Counts>(sql`
      select coalesce(utm_source, '') || '|' || coalesce(utm_campaign, '') || '|' || coalesce(utm_content, '') || '|' ||
          case when referred_by like 'partner:%' then referred_by else '' end as key,
        count(*)::int as signups,
        count(*) filter (where subscription_type in ('METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT'))::int
          as subscribers,
        count(*) filter (where last_activity is not null)::int as logins,
        count(*) filter (where editing_software ilike 'lightroom%')::int as lightroom
      from customers where (utm_source is not null and utm_campaign is not null) or referred_by like 'partner:%'
      group by 1 order by 1`);
    return [kept.rows.map((row) => ({ ...row })), recomputed.rows.map((row) => ({ ...row }))];
  }

  it('match a recount after inserts, plan / UTM / referrer / login / software changes and deletes', async () => {
    const set = { utmSource: 'youtube', utmCampaign: 'counts_test', utmContent: 'reel_01' };
    const made = [];
    for (let i = 0; i < 6; i++) {
      made.push(
        await insertCustomer(t.api.db, {
          ...set,
          utmContent: i % 2 ? null : set.utmContent,
          subscriptionType: i % 3 ? 'METERED' : 'TRIAL_METERED',
          lastActivity: i % 2 ? '2026-11-01T10:00:00Z' : null,
          editingSoftware: i === 0 ? 'Lightroom Classic 14' : 'Capture One 16',
          referredBy: i === 5 ? 'partner:counts' : null,
        }),
      );
    }
    const [first, second, third, fourth, fifth] = made.map((customer) => customer.id) as number[];
    let [kept, recomputed] = await keptAndRecomputed();
    expect(kept).toEqual(recomputed);
    expect(kept.find((row) => row.key === 'youtube|counts_test|reel_01|')?.signups).toBe(3);

    const change = (id: number, values: Partial<typeof customers.$inferInsert>) =>
      t.api.db.update(customers).set(values).where(eq(customers.id, id));
    await change(first as number, { subscriptionType: 'CORPORATE_CONTRACT' });
    await change(second as number, { utmCampaign: 'counts_other', lastActivity: null });
    await change(third as number, { referredBy: 'partner:counts', editingSoftware: 'Lightroom CC' });
    await change(fourth as number, { lastActivity: '2026-11-20T10:00:00Z' });
    await change(fourth as number, { lastActivity: '2026-11-21T10:00:00Z' });
    await change(fifth as number, { utmSource: null });
    await t.api.db.delete(customers).where(eq(customers.id, made[5]?.id as number));
    [kept, recomputed] = await keptAndRecomputed();
    expect(kept).toEqual(recomputed);
  });

  it('roll back with the write that failed', async () => {
    const customer = await insertCustomer(t.api.db, { utmSource: 'tiktok', utmCampaign: 'counts_rollback' });
    const before = await keptAndRecomputed();
    await expect(
      t.api.db.transaction(async (tx) => {
        await tx.update(customers).set({ utmCampaign: 'counts_moved' }).where(eq(customers.id, customer.id));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await keptAndRecomputed()).toEqual(before);
  });
});
