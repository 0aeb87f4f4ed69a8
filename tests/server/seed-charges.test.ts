import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeEachBackend } from './support/backends';
import { useTestApi } from './support/test-api';

describeEachBackend('seed: stored cards', (backend) => {
  const t = useTestApi(backend);

  it('gives paying and cancelled customers a card, half the failed ones a card that still fails, few trials a card', async () => {
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
  });
});
