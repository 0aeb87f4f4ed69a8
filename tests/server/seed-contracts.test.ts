import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeEachBackend } from './support/backends';
import { useTestApi } from './support/test-api';

describeEachBackend('seed: yearly contracts', (backend) => {
  const t = useTestApi(backend);

  it('gives every CORPORATE_CONTRACT customer one running contract with payments and usage, some a history', async () => {
    const { api } = t;
    await seedDatabase(api.db, { customers: 600, detailCustomers: 100, staff: false, seed: 11, batchSize: 200 });
    const result = await api.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from customers where subscription_type = 'CORPORATE_CONTRACT') as corporate,
      (select count(*)::int from contracts where state = 'ACTIVE') as active,
      (select count(*)::int from contracts where state <> 'ACTIVE') as past,
      (select count(*)::int from customers c where subscription_type = 'CORPORATE_CONTRACT'
         and not exists (select 1 from contracts k where k.customer_id = c.id and k.state = 'ACTIVE')) as without,
      (select count(*)::int from contracts k where state = 'ACTIVE'
         and (select coalesce(sum(amount), 0) from contract_payments p where p.contract_id = k.id) > k.yearly_total)
         as overpaid,
      (select count(*)::int from contract_monthly_usage) as usage_months`);
    const counts = result.rows[0] ?? {};
    expect(counts.corporate).toBeGreaterThan(10);
    expect(counts.active).toBe(counts.corporate);
    expect(counts.without).toBe(0);
    expect(counts.overpaid).toBe(0);
    expect(counts.past).toBeGreaterThan(0);
    expect(counts.usage_months).toBeGreaterThanOrEqual(Number(counts.active));

    const [first] = (
      await api.db.execute<{ id: number }>(
        sql`select customer_id as id from contracts where state = 'ACTIVE' order by customer_id limit 1`,
      )
    ).rows;
    const staff = await api.signIn('SUPPORT_PL2_CC');
    const params = { user_id: Number(first?.id) };
    const tiles = (await staff.get(api.contracts.contract, params)).json.contract;
    expect(tiles?.state).toBe('ACTIVE');
    expect(tiles?.paid_under_contract.amount).toBeGreaterThan(0);
    expect((await staff.get(api.contracts.monthlyUsage, params)).json.months.length).toBeGreaterThan(0);
    expect((await staff.get(api.contracts.cancelSummary, params)).status).toBe(200);
  });
});
