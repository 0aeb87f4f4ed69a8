import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import { useTestApi } from './support/test-api';

describeOnOneBackend('seed: stored cards and charge history', (backend) => {
  const t = useTestApi(backend);

  // Seeding customers with their details took over 30 s on a 2-core machine under a load average of 18.
  it('gives paying and cancelled customers a card (half the failed ones one that still fails) and a monthly charge history ending in their failed charge', async () => {
    await seedDatabase(t.api.db, { customers: 2000, detailCustomers: 2000, staff: false, seed: 11 });
    const { rows } = await t.api.db.execute<Record<string, number>>(sql`select
      count(*) filter (where last_charge_amount is not null and subscription_type not like 'TRIAL%'
        and (payment_method_token is null or provider_customer_ref <> 'cus_sbx_' || id))::int as paying_without_card,
      count(*) filter (where charge_failed)::int as failed,
      count(*) filter (where charge_failed and payment_method_token = 'pm_card_ok')::int as failed_card_ok,
      count(*) filter (where charge_failed and payment_method_token <> 'pm_card_ok'
        and payment_method_token <> case failed_charge_reason
          when 'incorrect card number' then 'pm_card_incorrect_number'
          when 'insufficient funds' then 'pm_card_insufficient_funds'
          when 'card expired' then 'pm_card_expired' end)::int as failed_wrong_token,
      count(*) filter (where not charge_failed and payment_method_token <> 'pm_card_ok')::int as ok_failing_token,
      count(*) filter (where subscription_type like 'TRIAL%')::int as trials,
      count(*) filter (where subscription_type like 'TRIAL%' and payment_method_token is not null)::int as trials_with_card
      from customers`);
    const seeded = rows[0] ?? {};
    expect(seeded.paying_without_card).toBe(0);
    expect(seeded.failed_wrong_token).toBe(0);
    expect(seeded.ok_failing_token).toBe(0);
    expect(Number(seeded.failed)).toBeGreaterThan(20);
    // "about half" updated their card, plus the reasons without a sandbox token.
    expect(Number(seeded.failed_card_ok)).toBeGreaterThan(Number(seeded.failed) * 0.3);
    expect(Number(seeded.failed_card_ok)).toBeLessThan(Number(seeded.failed) * 0.9);
    expect(Number(seeded.trials_with_card)).toBeLessThan(Number(seeded.trials) * 0.35);

    const history = await t.api.db.execute<Record<string, number>>(sql`with per_customer as (
        select c.id, c.charge_failed, c.failed_charge_reason, c.failed_charge_amount, c.last_charge_amount,
          c.currency, c.subscription_type, c.number_of_charge_retries,
          count(ch.id)::int as rows,
          count(ch.id) filter (where ch.currency <> c.currency)::int as wrong_currency,
          (array_agg(ch.status order by ch.created_at desc, ch.id desc))[1] as newest_status,
          (array_agg(ch.failure_message order by ch.created_at desc, ch.id desc))[1] as newest_reason,
          (array_agg(ch.amount order by ch.created_at desc, ch.id desc)
            filter (where ch.status = 'SUCCEEDED'))[1] as last_succeeded,
          count(ch.id) filter (where ch.status = 'FAILED')::int as failed_rows
        from customers c left join charges ch on ch.customer_id = c.id group by c.id)
      select
        count(*) filter (where last_charge_amount is not null and rows = 0 and subscription_type not like 'TRIAL%')::int as paying_without_history,
        count(*) filter (where rows > 12 and subscription_type <> 'CORPORATE_CONTRACT')::int as over_cap,
        count(*) filter (where last_charge_amount is null and rows > 0)::int as history_without_charges,
        count(*) filter (where charge_failed and (newest_status <> 'FAILED' or newest_reason <> failed_charge_reason))::int as failed_not_last,
        count(*) filter (where charge_failed and failed_rows <> 1 + least(number_of_charge_retries, 3))::int as wrong_retry_rows,
        count(*) filter (where not charge_failed and failed_rows > 0)::int as failures_without_flag,
        count(*) filter (where last_succeeded is not null and last_succeeded <> last_charge_amount)::int as wrong_last_amount,
        sum(wrong_currency)::int as wrong_currency,
        sum(rows)::int as total
      from per_customer`);
    const ledger = history.rows[0] ?? {};
    expect(ledger).toMatchObject({
      paying_without_history: 0,
      over_cap: 0,
      history_without_charges: 0,
      failed_not_last: 0,
      wrong_retry_rows: 0,
      failures_without_flag: 0,
      wrong_last_amount: 0,
      wrong_currency: 0,
    });
    expect(Number(ledger.total)).toBeGreaterThan(5000);
  }, 120_000);
});
