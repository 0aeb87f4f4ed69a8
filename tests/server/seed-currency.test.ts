import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import { useTestApi } from './support/test-api';

describeOnOneBackend('seed: exchange rates and open billing periods', (backend) => {
  const t = useTestApi(backend);

  it('has every rate after migrating, and gives charged metered customers an open period a currency change settles', async () => {
    await seedDatabase(t.api.db, { customers: 400, detailCustomers: 200, staff: false, seed: 11, batchSize: 150 });
    const rates = await t.api.db.execute<{ pairs: number }>(
      sql`select count(distinct (from_currency, to_currency))::int as pairs from exchange_rates`,
    );
    expect(rates.rows[0]?.pairs).toBe(6);
    const result = await t.api.db.execute<Record<string, number>>(sql`select
      count(*) filter (where unbilled_usage > 0)::int as with_usage,
      count(*) filter (where unbilled_backup > 0)::int as with_backup,
      count(*) filter (where (unbilled_usage > 0 or unbilled_backup > 0) and charge_date is null)::int as uncharged_open,
      count(*) filter (where unbilled_usage > 0 and subscription_type not like 'METERED%')::int as unmetered_usage,
      count(*) filter (where unbilled_backup > 0 and (backup_plan is null or backup_cancelled_at is not null))::int
        as backup_without_plan
      from customers`);
    const open = result.rows[0];
    expect(open?.with_usage).toBeGreaterThan(60);
    expect(open?.with_backup).toBeGreaterThan(5);
    expect(open).toMatchObject({ uncharged_open: 0, unmetered_usage: 0, backup_without_plan: 0 });
  });
});
