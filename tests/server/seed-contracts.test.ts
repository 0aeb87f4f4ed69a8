import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import { useTestApi } from './support/test-api';

describeOnOneBackend('seed: yearly contracts', (backend) => {
  const t = useTestApi(backend);

  it('gives every CORPORATE_CONTRACT customer one running contract with payments (each a linked card charge) and usage, some a history', async () => {
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
      (select count(*)::int from contract_monthly_usage) as usage_months,
      (select count(*)::int from contract_payments p left join charges ch on ch.id = p.charge_id
         where p.amount > 0 and (ch.id is null or ch.amount <> p.amount or ch.customer_id <> p.customer_id
           or ch.purpose <> 'CONTRACT_PAYMENT' or ch.status <> 'SUCCEEDED')) as unlinked_payments,
      (select count(*)::int from charges ch join customers c on c.id = ch.customer_id
         where c.subscription_type = 'CORPORATE_CONTRACT' and ch.purpose <> 'CONTRACT_PAYMENT') as other_charges,
      (select count(*)::int from customers c where subscription_type = 'CORPORATE_CONTRACT'
         and (charge_failed or payment_method_token is distinct from 'pm_card_ok' or last_charge_amount is distinct from
           (select p.amount from contract_payments p join contracts k on k.id = p.contract_id
             where k.customer_id = c.id and k.state = 'ACTIVE' order by p.created_at desc, p.id desc limit 1)))
         as inconsistent_customers`);
    const counts = result.rows[0] ?? {};
    expect(counts.corporate).toBeGreaterThan(10);
    expect(counts.active).toBe(counts.corporate);
    expect(counts.without).toBe(0);
    expect(counts.overpaid).toBe(0);
    expect(counts.past).toBeGreaterThan(0);
    expect(counts.usage_months).toBeGreaterThanOrEqual(Number(counts.active));
    // Every installment paid is a CONTRACT_PAYMENT charge in the ledger, linked; the customer row agrees with it.
    expect(counts.unlinked_payments).toBe(0);
    expect(counts.other_charges).toBe(0);
    expect(counts.inconsistent_customers).toBe(0);

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
