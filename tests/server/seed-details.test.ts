import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import type { TestApi } from './support/test-api';
import { useTestApi } from './support/test-api';

async function fingerprint(api: TestApi): Promise<Record<string, unknown>> {
  const result = await api.db.execute<Record<string, unknown>>(sql`select
    (select count(*)::int from customers) as customers,
    (select count(*)::int from customer_credits) as credits,
    (select count(*)::int from customer_notifications) as notifications,
    (select count(*)::int from activity_events) as events,
    (select count(*)::int from customers where os is not null) as with_details,
    (select md5(string_agg(concat_ws(',', customer_id, event, datetime, properties::text), '|' order by id))
       from activity_events) as timeline`);
  return result.rows[0] ?? {};
}

describeOnOneBackend('seed: detail data', (backend) => {
  const first = useTestApi(backend);
  const second = useTestApi(backend);

  // Seeding customers with their details took over 30 s on a 2-core machine under a load average of 18.
  it('gives the first customers credits, notifications, a timeline and detail columns, the same for the same seed', async () => {
    const options = { customers: 300, detailCustomers: 120, staff: false, seed: 7, batchSize: 100 };
    await seedDatabase(first.api.db, options);
    await seedDatabase(second.api.db, options);
    const seeded = await fingerprint(first.api);
    expect(seeded).toMatchObject({ customers: 300, with_details: 120 });
    expect(Number(seeded.credits)).toBeGreaterThan(30);
    expect(Number(seeded.notifications)).toBeGreaterThan(100);
    expect(Number(seeded.events)).toBeGreaterThan(120 * 3);
    expect(await fingerprint(second.api)).toEqual(seeded);
    const admin = await first.api.signIn('ADMIN');
    const timeline = await admin.get(first.api.userDetails.activity, { user_id: 1 });
    expect(timeline.json.events.at(-1)?.event).toBe('Signed up');
    const details = await admin.get(first.api.userDetails.details, { user_id: 1 });
    expect(details.json.last_activity).toBe(timeline.json.events[0]?.datetime);
  }, 120_000);
});
