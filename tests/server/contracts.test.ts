import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contractQueryOf } from '../../domain/contract-form';
import type { ContractFormParams } from '../../domain/contracts';
import { formatMoney } from '../../domain/money';
import { contractMonthlyUsage, contractPayments, contracts, customerCredits } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertRunningContract } from './support/contracts';
import { insertCustomer, readCustomer } from './support/fixtures';
import type { Client } from './support/test-api';
import { useTestApi } from './support/test-api';

const usd = (units: number) => ({ amount: Math.round(units * 10_000), multiplier: 10000 as const, symbol: '$' });

function form(edits: number, price: number): ContractFormParams {
  return {
    number_of_edits: edits,
    price_per_edit: usd(price),
    ai_tools: { crop: usd(0.02), straightening: usd(0.02), subject_mask: usd(0.05), smooth_skin: usd(0.05) },
    currency: 'USD',
    country: 'US',
  };
}

describeEachBackend('yearly contracts', (backend) => {
  const t = useTestApi(backend);
  let staff: Client;
  beforeAll(async () => {
    staff = await t.api.signIn('SUPPORT_PL2_CC');
  });
  const key = () => ({ idempotencyKey: randomUUID() });

  async function ledger(customerId: number) {
    const { db } = t.api;
    const result = await db.execute<{ charges: string; failed: string; contracts: string; payments: string }>(sql`select
      (select count(*) from charges where customer_id = ${customerId} and status = 'SUCCEEDED') as charges,
      (select count(*) from charges where customer_id = ${customerId} and status = 'FAILED') as failed,
      (select count(*) from contracts where customer_id = ${customerId}) as contracts,
      (select count(*) from contract_payments where customer_id = ${customerId}) as payments`);
    const row = result.rows[0];
    return {
      charges: Number(row?.charges),
      failed: Number(row?.failed),
      contracts: Number(row?.contracts),
      payments: Number(row?.payments),
    };
  }

  it('reads an empty contract, usage and history, the default form and the nine cancel reasons', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'EUR', country: 'DE' });
    const params = { user_id: customer.id };
    expect((await staff.get(api.contracts.contract, params)).json).toEqual({ contract: null });
    expect((await staff.get(api.contracts.monthlyUsage, params)).json).toEqual({ contract_id: null, months: [] });
    expect((await staff.get(api.contracts.history, params)).json).toEqual({ past_contracts: [] });
    const defaults = (await staff.get(api.contracts.defaultFormParams, params)).json;
    expect(defaults).toMatchObject({ number_of_edits: 1000, currency: 'EUR', country: 'DE' });
    expect(defaults.price_per_edit).toEqual({ amount: 4500, multiplier: 10000, symbol: '€' });
    const reasons = (await staff.get(api.contracts.cancelOptions)).json;
    expect(reasons.map((reason) => reason.value)).toEqual([
      'TOO_EXPENSIVE',
      'NOT_SATISFIED',
      'TOO_DIFFICULT',
      'NO_LONGER_NEEDED',
      'USE_A_COMPETITOR',
      'CURRENCY_CHANGE',
      'PERSONAL_REASONS',
      'MISSING_AUTO_RENEWAL',
      'OTHER',
    ]);
    expect((await staff.get(api.contracts.currentFormParams, params)).status).toBe(409);
    expect((await staff.get(api.contracts.cancelSummary, params)).error.code).toBe('no_contract');
  });

  it('answers the spec’s typed input_fields and general_fields beside the flat fields', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const defaults = (await staff.get(api.contracts.defaultFormParams, params)).json;
    expect(defaults.input_fields).toEqual([
      { key: 'number_of_edits', label: 'Number of edits', type: 'NUMBER', value: defaults.number_of_edits },
      { key: 'price_per_edit', label: 'Price per edit', type: 'PRICE', value: defaults.price_per_edit },
    ]);
    const summary = (await staff.get(api.contracts.newSummary, params, contractQueryOf(form(12_000, 0.5)))).json;
    expect(summary.general_fields).toEqual([
      { key: 'monthly_payment', label: 'Monthly payment', type: 'PRICE', value: summary.monthly_payment },
      { key: 'discount_percent', label: 'Discount', type: 'PERCENT', value: summary.discount_percent },
      { key: 'yearly_total', label: 'Yearly total', type: 'PRICE', value: summary.yearly_total },
    ]);
    await insertRunningContract(api.db, customer.id, { month: 3 });
    const current = (await staff.get(api.contracts.currentFormParams, params)).json;
    expect(current.input_fields.map((entry) => [entry.key, entry.type])).toEqual([
      ['number_of_edits', 'NUMBER'],
      ['price_per_edit', 'PRICE'],
    ]);
    const upgrade = (await staff.get(api.contracts.upgradeSummary, params, contractQueryOf(form(2000, 0.45)))).json;
    expect(upgrade.general_fields.map((entry) => [entry.key, entry.type])).toEqual([
      ['old_plan_monthly_payment', 'PRICE'],
      ['new_plan_monthly_payment', 'PRICE'],
      ['payment_method', 'TEXT'],
      ['finalized_monthly_payment', 'PRICE'],
      ['amount_of_unpaid_edits_moved_to_new_plan', 'NUMBER'],
    ]);
    const cancel = (await staff.get(api.contracts.cancelSummary, params)).json;
    expect(cancel.general_fields).toEqual([
      { key: 'rates', label: 'Rates', type: 'TEXT', value: cancel.rates },
      { key: 'pay_now_amount', label: 'Pay now', type: 'PRICE', value: cancel.pay_now_amount },
      {
        key: 'credits_customer_will_get',
        label: 'Credits the customer will get',
        type: 'PRICE',
        value: cancel.credits_customer_will_get,
      },
    ]);
  });

  it('creates a contract exactly as previewed: first installment charged, stored, customer on CORPORATE_CONTRACT', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const preview = await staff.get(api.contracts.newSummary, params, contractQueryOf(form(12_000, 0.5)));
    expect(preview.status).toBe(200);
    // 4,999 × $0.45 + 7,001 × $0.425 = $5,224.975 → $5,224.98 (graduated 10 % and 15 % off $0.50).
    expect(preview.json.yearly_total).toEqual({ amount: 522498, multiplier: 100, symbol: '$' });
    const created = await staff.post(api.contracts.create, params, form(12_000, 0.5), key());
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.summary).toEqual(preview.json);
    expect(created.json.charged).toEqual(preview.json.pay_now);
    const tiles = (await staff.get(api.contracts.contract, params)).json.contract;
    expect(tiles).toMatchObject({
      state: 'ACTIVE',
      total_photos: 12_000,
      used_photos: 0,
      total_price: preview.json.yearly_total,
      monthly_payment: preview.json.monthly_payment,
      paid_under_contract: preview.json.pay_now,
      discount_percent: preview.json.discount_percent,
    });
    expect(tiles).toEqual(created.json.contract);
    const [charge] = await api.db
      .execute<{ amount: string; purpose: string }>(
        sql`select amount, purpose from charges where customer_id = ${customer.id}`,
      )
      .then((result) => result.rows);
    expect(Number(charge?.amount)).toBe(preview.json.pay_now.amount);
    expect(charge?.purpose).toBe('CONTRACT_PAYMENT');
    // The customer's last charge is the first installment, as the billing job writes each later one.
    expect(await readCustomer(api.db, customer.id)).toMatchObject({
      subscriptionType: 'CORPORATE_CONTRACT',
      lastChargeAmount: preview.json.pay_now.amount,
    });
    const again = await staff.post(api.contracts.create, params, form(500, 0.5), key());
    expect(again.status).toBe(409);
    expect(again.error.code).toBe('contract_exists');
    const repriced = await staff.get(api.contracts.newSummary, params, contractQueryOf(form(500, 0.5)));
    expect(repriced.status).toBe(409);
    expect(repriced.error.detail).toContain('already has a running yearly contract');
    expect(await ledger(customer.id)).toEqual({ charges: 1, failed: 0, contracts: 1, payments: 1 });
  });

  it('creates nothing when the card is declined, keeping the FAILED ledger row', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { paymentMethodToken: 'pm_card_insufficient_funds' });
    const result = await staff.post(api.contracts.create, { user_id: customer.id }, form(1000, 0.45), key());
    expect(result.status).toBe(402);
    expect(result.error.detail).toMatch(/declined .*no contract was created/);
    expect(await ledger(customer.id)).toEqual({ charges: 0, failed: 1, contracts: 0, payments: 0 });
    expect((await readCustomer(api.db, customer.id))?.subscriptionType).toBe('METERED');
  });

  it('replays the same key without a second charge, and answers 50 concurrent identical requests with one contract', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const options = key();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => staff.post(api.contracts.create, params, form(2000, 0.4), options)),
    );
    expect(results.map((result) => result.status)).toEqual(results.map(() => 200));
    for (const result of results) expect(result.json).toEqual(results[0]?.json);
    const replay = await staff.post(api.contracts.create, params, form(2000, 0.4), options);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json).toEqual(results[0]?.json);
    expect(await ledger(customer.id)).toEqual({ charges: 1, failed: 0, contracts: 1, payments: 1 });
    const gateway = await api.db.execute<{ n: string }>(
      sql`select count(*) as n from payment_provider_sandbox where customer_ref = ${customer.providerCustomerRef}`,
    );
    expect(Number(gateway.rows[0]?.n)).toBe(1);
    const changed = await staff.post(api.contracts.create, params, form(3000, 0.4), options);
    expect(changed.status).toBe(422);
  });

  it('upgrades as previewed: nothing charged mid-year, the balance spread, the old terms kept in the history', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const { contract, paid } = await insertRunningContract(api.db, customer.id, { month: 5, photosUsed: 600 });
    const current = (await staff.get(api.contracts.currentFormParams, params)).json;
    expect(current.number_of_edits).toBe(1000);
    const preview = await staff.get(api.contracts.upgradeSummary, params, contractQueryOf(form(3000, 0.4)));
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json).toMatchObject({ paid_edits: 416, amount_of_unpaid_edits_moved_to_new_plan: 184 });
    expect(preview.json.pay_now.amount).toBe(0);
    const upgraded = await staff.post(api.contracts.upgrade, params, form(3000, 0.4), key());
    expect(upgraded.status, JSON.stringify(upgraded.json)).toBe(200);
    expect(upgraded.json.summary).toEqual(preview.json);
    expect(upgraded.json.charged).toBeNull();
    const tiles = (await staff.get(api.contracts.contract, params)).json.contract;
    expect(tiles).toMatchObject({
      id: contract.id,
      total_photos: 3000,
      used_photos: 600,
      monthly_payment: preview.json.finalized_monthly_payment,
      total_price: preview.json.new_yearly_total,
      paid_under_contract: { amount: paid, multiplier: 100, symbol: '$' },
    });
    expect(preview.json.new_yearly_total.amount).toBe(paid + preview.json.remaining_balance.amount);
    const history = (await staff.get(api.contracts.history, params)).json.past_contracts;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ state: 'UPGRADED', total_photos: 1000, used_photos: 600 });
    expect(await ledger(customer.id)).toMatchObject({ charges: 0, contracts: 2 });
  });

  it('charges the whole balance of an upgrade in the last month, once', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    await insertRunningContract(api.db, customer.id, { month: 12, photosUsed: 900 });
    const preview = await staff.get(api.contracts.upgradeSummary, params, contractQueryOf(form(2000, 0.45)));
    expect(preview.json.pay_now.amount).toBeGreaterThan(0);
    expect(preview.json.pay_now).toEqual(preview.json.remaining_balance);
    const options = key();
    const upgraded = await staff.post(api.contracts.upgrade, params, form(2000, 0.45), options);
    expect(upgraded.json.charged).toEqual(preview.json.pay_now);
    expect((await staff.post(api.contracts.upgrade, params, form(2000, 0.45), options)).json).toEqual(upgraded.json);
    const payments = await api.db
      .select()
      .from(contractPayments)
      .where(and(eq(contractPayments.customerId, customer.id), eq(contractPayments.kind, 'UPGRADE_PAYMENT')));
    expect(payments.map((payment) => payment.amount)).toEqual([preview.json.pay_now.amount]);
    expect(payments[0]?.chargeId).toBe(upgraded.json.charge_id);
    expect(upgraded.json.contract.paid_under_contract).toEqual(upgraded.json.contract.total_price);
  });

  it('refuses upgrades that add no edits, in another currency, or without a contract', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const none = await staff.post(api.contracts.upgrade, params, form(3000, 0.4), key());
    expect(none.status).toBe(409);
    expect(none.error.code).toBe('no_contract');
    await insertRunningContract(api.db, customer.id);
    const smaller = await staff.post(api.contracts.upgrade, params, form(1000, 0.4), key());
    expect(smaller.status).toBe(400);
    expect(smaller.error).toMatchObject({ code: 'contract_not_an_upgrade', field: 'number_of_edits' });
    expect(smaller.error.detail).toContain('the running contract has 1,000');
    const euro = { ...form(3000, 0.4), currency: 'EUR' as const };
    const priced = { ...euro, price_per_edit: { ...euro.price_per_edit, symbol: '€' } };
    const ai = Object.fromEntries(Object.entries(priced.ai_tools).map(([k, v]) => [k, { ...v, symbol: '€' }]));
    const other = await staff.post(api.contracts.upgrade, params, { ...priced, ai_tools: ai }, key());
    expect(other.status).toBe(400);
    expect(other.error.code).toBe('contract_currency_mismatch');
    const bad = await staff.get(api.contracts.newSummary, params, { ...contractQueryOf(form(0, 0.4)) });
    expect(bad.status).toBe(400);
  });

  it('sets the next period without charging or changing this year’s terms', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const { contract } = await insertRunningContract(api.db, customer.id);
    const result = await staff.post(
      api.contracts.nextPeriod,
      params,
      { number_of_edits: 2000, price_per_edit: 0.4, renewal_state: 'NO_RENEWAL' },
      key(),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(result.json.contract).toMatchObject({
      next_plan_name: '2,000 edits a year',
      next_plan_cc_price: { amount: 6000, multiplier: 100, symbol: '$' },
      renewal_state: 'NO_RENEWAL',
      total_photos: 1000,
    });
    const [row] = await api.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.version).toBe(contract.version);
    expect(await ledger(customer.id)).toMatchObject({ charges: 0 });
  });

  it('cancels as previewed: pay-now charged, the rest credited, contract ended, customer back to METERED', async () => {
    const { api } = t;
    const owing = await insertCustomer(api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    // 600 edits at the $0.45 list price = $270.00; five installments of $33.75 = $168.75 paid → $101.25 now.
    await insertRunningContract(api.db, owing.id, { month: 5, photosUsed: 600 });
    const preview = await staff.get(api.contracts.cancelSummary, { user_id: owing.id });
    expect(preview.json).toMatchObject({
      rates: 'Pay-as-you-go',
      pay_now_amount: { amount: 10125 },
      credits_customer_will_get: { amount: 0 },
    });
    const body = { reason: 'TOO_EXPENSIVE' as const, description: 'budget cut' };
    const cancelled = await staff.post(api.contracts.cancel, { user_id: owing.id }, body, key());
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject(preview.json);
    expect(cancelled.json.charged).toEqual(preview.json.pay_now_amount);
    expect(cancelled.json.past_contract).toMatchObject({ state: 'CANCELLED', cancellation_reason: 'TOO_EXPENSIVE' });
    expect((await staff.get(api.contracts.contract, { user_id: owing.id })).json.contract).toBeNull();
    expect((await readCustomer(api.db, owing.id))?.subscriptionType).toBe('METERED');

    const credited = await insertCustomer(api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    await insertRunningContract(api.db, credited.id, { month: 8, photosUsed: 100 });
    const creditPreview = (await staff.get(api.contracts.cancelSummary, { user_id: credited.id })).json;
    expect(creditPreview.pay_now_amount.amount).toBe(0);
    const done = await staff.post(api.contracts.cancel, { user_id: credited.id }, { reason: 'OTHER' }, key());
    expect(done.json.charged).toBeNull();
    const credits = await api.db.select().from(customerCredits).where(eq(customerCredits.customerId, credited.id));
    expect(credits.map((credit) => [credit.amount, credit.source])).toEqual([
      [creditPreview.credits_customer_will_get.amount, 'CONTRACT_CANCELLATION'],
    ]);
    const history = (await staff.get(api.contracts.history, { user_id: credited.id })).json.past_contracts;
    expect(history[0]).toMatchObject({ state: 'CANCELLED', used_photos: 100 });
  });

  it('refuses a cancellation confirmed on a preview that usage made stale (409 price_changed), then takes the new one', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    const { contract } = await insertRunningContract(api.db, customer.id, { month: 5, photosUsed: 600 });
    const preview = (await staff.get(api.contracts.cancelSummary, { user_id: customer.id })).json;
    const quoted = (summary: typeof preview) => ({
      reason: 'OTHER' as const,
      expected_pay_now: summary.pay_now_amount.amount,
      expected_credits: summary.credits_customer_will_get.amount,
    });
    // The service records 100 more edits of this month before the person confirms.
    await api.db
      .update(contractMonthlyUsage)
      .set({ numberOfPhotos: sql`${contractMonthlyUsage.numberOfPhotos} + 100` })
      .where(eq(contractMonthlyUsage.contractId, contract.id));
    const stale = await staff.post(api.contracts.cancel, { user_id: customer.id }, quoted(preview), key());
    expect(stale.status).toBe(409);
    expect(stale.error.code).toBe('price_changed');
    expect(await ledger(customer.id)).toMatchObject({ charges: 0, contracts: 1 });
    const fresh = (await staff.get(api.contracts.cancelSummary, { user_id: customer.id })).json;
    expect(fresh.pay_now_amount.amount).toBeGreaterThan(preview.pay_now_amount.amount);
    expect(stale.error.detail).toContain(`pay now ${formatMoney(fresh.pay_now_amount)}`);
    const done = await staff.post(api.contracts.cancel, { user_id: customer.id }, quoted(fresh), key());
    expect(done.status, JSON.stringify(done.json)).toBe(200);
  });

  it('leaves the contract running when the cancel settlement is declined', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { paymentMethodToken: 'pm_card_expired' });
    await insertRunningContract(api.db, customer.id, { month: 3, photosUsed: 800 });
    const result = await staff.post(api.contracts.cancel, { user_id: customer.id }, { reason: 'OTHER' }, key());
    expect(result.status).toBe(402);
    expect(result.error.detail).toContain('the contract was not cancelled');
    expect((await staff.get(api.contracts.contract, { user_id: customer.id })).json.contract?.state).toBe('ACTIVE');
    expect(await ledger(customer.id)).toMatchObject({ failed: 1, contracts: 1, payments: 3 });
  });

  it('leaves the contract as it was when the upgrade charge is declined', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { paymentMethodToken: 'pm_card_incorrect_number' });
    const params = { user_id: customer.id };
    const { contract } = await insertRunningContract(api.db, customer.id, { month: 12, photosUsed: 900 });
    const before = (await staff.get(api.contracts.contract, params)).json;
    const result = await staff.post(api.contracts.upgrade, params, form(2000, 0.45), key());
    expect(result.status).toBe(402);
    expect(result.error.detail).toMatch(/incorrect card number.*not upgraded/);
    expect((await staff.get(api.contracts.contract, params)).json).toEqual(before);
    const [row] = await api.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.version).toBe(contract.version);
    expect(await ledger(customer.id)).toMatchObject({ failed: 1, contracts: 1, payments: 12 });
  });

  it('charges once when the provider’s first answer is lost and the same key is retried', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { paymentMethodToken: 'pm_card_network_error_once' });
    const params = { user_id: customer.id };
    const options = key();
    const lost = await staff.post(api.contracts.create, params, form(1000, 0.45), options);
    expect(lost.status).toBe(503);
    expect(await ledger(customer.id)).toEqual({ charges: 0, failed: 0, contracts: 0, payments: 0 });
    const retried = await staff.post(api.contracts.create, params, form(1000, 0.45), options);
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    expect(retried.json.charged?.amount).toBe(3375);
    expect(await ledger(customer.id)).toEqual({ charges: 1, failed: 0, contracts: 1, payments: 1 });
  });

  it('creates one contract when two people create one at once with different keys', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const params = { user_id: customer.id };
    const other = await api.signIn('ADMIN');
    const results = await Promise.all([
      staff.post(api.contracts.create, params, form(1000, 0.45), key()),
      other.post(api.contracts.create, params, form(2000, 0.45), key()),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await ledger(customer.id)).toMatchObject({ charges: 1, contracts: 1, payments: 1 });
  });

  it('refuses a charge without a card on file before calling the provider', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { paymentMethodToken: null });
    const result = await staff.post(api.contracts.create, { user_id: customer.id }, form(1000, 0.45), key());
    expect(result.status).toBe(409);
    expect(result.error.code).toBe('no_payment_method');
    const attempts = await api.db.execute<{ n: string }>(
      sql`select count(*) as n from payment_attempts where customer_id = ${customer.id}`,
    );
    expect(Number(attempts.rows[0]?.n)).toBe(0);
  });

  it('treats a contract whose year is over as ended: history lists it, a new contract replaces it', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    const params = { user_id: customer.id };
    const { contract } = await insertRunningContract(api.db, customer.id, { month: 14, photosUsed: 700 });
    expect((await staff.get(api.contracts.contract, params)).json).toEqual({ contract: null });
    expect((await staff.post(api.contracts.cancel, params, { reason: 'OTHER' }, key())).error.code).toBe('no_contract');
    const history = (await staff.get(api.contracts.history, params)).json.past_contracts;
    expect(history).toEqual([expect.objectContaining({ id: contract.id, state: 'ENDED', used_photos: 700 })]);
    const renewed = await staff.post(api.contracts.create, params, form(1000, 0.45), key());
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
    const [ended] = await api.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(ended).toMatchObject({ state: 'ENDED', editsUsedAtEnd: 700 });
  });
});
