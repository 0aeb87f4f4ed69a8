import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import { useTestApi } from './support/test-api';

async function one(t: ReturnType<typeof useTestApi>, query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const { rows } = await t.api.db.execute<Record<string, number>>(query);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
}

describeOnOneBackend('seed: profiles, models and projects', (backend) => {
  const t = useTestApi(backend);
  beforeAll(async () => {
    await seedDatabase(t.api.db, { customers: 800, detailCustomers: 800, staff: false, seed: 5, batchSize: 400 });
  });

  it('gives customers their profiles_used live profiles with a finetune history, shares and projects of every kind billed by their charges', async () => {
    const profiles = await one(
      t,
      sql`with live as (select customer_id, count(*) filter (where state <> 'DELETED') as n from profiles group by customer_id)
      select
        (select count(*) from customers c left join live l on l.customer_id = c.id where coalesce(l.n, 0) <> c.profiles_used) as wrong_live_count,
        (select count(*) from profiles where state = 'DRAFT') as drafts,
        (select count(*) from profiles where state = 'DELETED') as deleted,
        (select count(*) from profiles p join models m on m.id = p.current_model_id
          where m.profile_id <> p.id or m.state <> 'READY') as bad_current,
        (select count(*) from profiles where state = 'READY' and current_model_id is null) as ready_untrained,
        (select count(*) from (select profile_id from models group by profile_id having count(*) >= 3) x) as long_histories,
        (select count(*) from profile_shares where recipient_id is not null) as registered_shares,
        (select count(*) from profile_shares s join customers c on c.id = s.recipient_id where c.email <> s.email) as wrong_recipient,
        (select count(*) from profile_shares s join profiles p on p.id = s.profile_id where s.recipient_id = p.customer_id) as self_shares,
        (select max(n) from (select count(*) as n from profile_shares group by profile_id) x) as most_shares`,
    );
    expect(profiles.wrong_live_count).toBe(0);
    expect(profiles.bad_current).toBe(0);
    expect(profiles.ready_untrained).toBe(0);
    expect(profiles.wrong_recipient).toBe(0);
    expect(profiles.self_shares).toBe(0);
    expect(profiles.most_shares).toBeLessThanOrEqual(3);
    for (const key of ['drafts', 'deleted', 'long_histories', 'registered_shares']) {
      expect(profiles[key], key).toBeGreaterThan(10);
    }

    const kinds = await one(
      t,
      sql`select
        count(*) filter (where kind = 'EDITING' and project_type = 'EDIT') as edits,
        count(*) filter (where kind = 'EDITING' and project_type = 'CULL') as culls,
        count(*) filter (where kind = 'VIDEO') as videos,
        count(*) filter (where kind = 'TEACHING') as teaching,
        count(*) filter (where kind = 'ADDITIONAL') as additional,
        count(*) filter (where status in ('UPLOADED', 'PROCESSING')) as waiting,
        count(*) filter (where paid and total_charge > 0 and charge_id is null) as paid_unlinked
        from projects`,
    );
    expect(kinds.paid_unlinked).toBe(0);
    for (const key of ['edits', 'culls', 'videos', 'teaching', 'additional', 'waiting']) {
      expect(kinds[key], key).toBeGreaterThan(10);
    }

    // A charge bills what its projects cost: all of it on a metered plan, never less than they add up to.
    const billing = await one(
      t,
      sql`with billed as (
          select ch.id, ch.amount, ch.customer_id, ch.currency, sum(p.total_charge) as projects
          from charges ch join projects p on p.charge_id = ch.id group by ch.id)
        select
          count(*) as charges,
          count(*) filter (where b.projects > b.amount) as overbilled,
          count(*) filter (where c.subscription_type = 'METERED' and b.projects <> b.amount) as metered_mismatch,
          count(*) filter (where b.currency <> c.currency) as wrong_currency
        from billed b join customers c on c.id = b.customer_id`,
    );
    expect(billing.charges).toBeGreaterThan(500);
    expect(billing.overbilled).toBe(0);
    expect(billing.metered_mismatch).toBe(0);
    expect(billing.wrong_currency).toBe(0);

    const failed = await one(
      t,
      sql`select count(*) as unpaid from projects p join customers c on c.id = p.customer_id
        where c.charge_failed and not p.paid and p.total_charge > 0`,
    );
    expect(failed.unpaid).toBeGreaterThan(5);
  });

  it('dates what waits in the queue minutes to days before the seed ran, never later (issue 20 item 8)', async () => {
    // As the Pending projects list shows it: waiting since, and the age in hours the server derives from it.
    const support = await t.api.signIn('SUPPORT_PL1');
    const queue = await support.post(t.api.projects.pending, undefined, { page_size: 500 });
    expect(queue.status).toBe(200);
    const rows = queue.json.rows;
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((row) => row.kind)).has('MODEL')).toBe(true);
    const ages = rows.map((row) => (Date.now() - Date.parse(row.waiting_since)) / 60_000);
    expect(Math.min(...ages), 'the newest waits minutes').toBeGreaterThanOrEqual(5);
    expect(Math.min(...ages), 'the newest waits minutes, not days').toBeLessThan(180);
    expect(Math.max(...ages), 'the oldest waits days').toBeGreaterThan(24 * 60);
    expect(Math.max(...ages), 'never weeks, let alone years').toBeLessThan(3 * 24 * 60 + 10);
    expect(Math.max(...rows.map((row) => row.age_hours))).toBeLessThanOrEqual(72);
    // Models still training or in review (not in the queue) wait as long at most.
    const training = await one(
      t,
      sql`select count(*) as n, max(extract(epoch from now() - created_at)) / 3600 as oldest_hours,
        min(extract(epoch from now() - created_at)) as newest_seconds
        from models where state in ('PENDING', 'PROCESSING', 'PENDING_REVIEW')`,
    );
    expect(training.n).toBeGreaterThan(10);
    expect(training.oldest_hours).toBeLessThan(72.2);
    expect(training.newest_seconds).toBeGreaterThan(0);
  });
});
