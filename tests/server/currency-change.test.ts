import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { activityEvents, charges, contracts, customerCredits, paymentAttempts } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('currency change', (backend) => {
  let sandbox: SandboxGateway;
  const t = useTestApi(backend, {
    gateway: (db) => {
      sandbox = new SandboxGateway(db);
      return sandbox;
    },
    config: { idempotencyWaitMs: 60_000 },
  });
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  /** A USD customer with an open period and credit balance (minor units), and a card that behaves as `token`. */
  async function customer(open: { usage: number; backup: number; credits: number[] }, token = 'pm_card_ok') {
    const row = await insertCustomer(t.api.db, {
      paymentMethodToken: token,
      unbilledUsage: open.usage,
      unbilledBackup: open.backup,
    });
    for (const amount of open.credits) {
      await t.api.db
        .insert(customerCredits)
        .values({ customerId: row.id, amount, currency: 'USD', reason: 'OTHER', source: 'STAFF' });
    }
    return row;
  }
  const creditsOf = (id: number) =>
    t.api.db.select().from(customerCredits).where(eq(customerCredits.customerId, id)).orderBy(customerCredits.id);
  const ledgerOf = (id: number) => t.api.db.select().from(charges).where(eq(charges.customerId, id));
  const chargeCalls = (key: string) =>
    sandbox.calls.filter((call) => call.operation === 'charge' && call.idempotencyKey.endsWith(`:${key}`));
  const change = (id: number, to: string, key = randomUUID()) =>
    master.post(t.api.currency.change, { user_id: id }, { new_currency: to }, { idempotencyKey: key });
  const summary = (id: number, to: string) =>
    master.get(t.api.currency.summary, { user_id: id }, { new_currency: to as 'EUR' });

  it('refuses with 409 price_changed, changing nothing, when the rate moved between the preview and the confirmation', async () => {
    const { id } = await customer({ usage: 0, backup: 0, credits: [10_000] });
    const preview = await summary(id, 'GBP');
    const quote = {
      expected_total: preview.json.charge_info.total.value.amount,
      expected_rate: preview.json.exchange_rate,
    };
    const admin = await t.api.signIn('ADMIN');
    const moved = await admin.put(t.api.currency.setExchangeRate, { from: 'USD', to: 'GBP' }, { rate: 0.7123 });
    expect(moved.status).toBe(200);
    const refused = await master.post(
      t.api.currency.change,
      { user_id: id },
      { new_currency: 'GBP', ...quote },
      { idempotencyKey: randomUUID() },
    );
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('price_changed');
    expect(refused.error.detail).toContain('1 USD = 0.7123 GBP');
    expect((await readCustomer(t.api.db, id))?.currency).toBe('USD');
    expect(await creditsOf(id)).toHaveLength(1);
    const again = await summary(id, 'GBP');
    const accepted = await master.post(
      t.api.currency.change,
      { user_id: id },
      { new_currency: 'GBP', expected_total: 0, expected_rate: again.json.exchange_rate },
      { idempotencyKey: randomUUID() },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.json.exchange_rate).toBe('1 USD = 0.7123 GBP');
  });

  it('offers every currency but the customer’s own', async () => {
    const { id } = await insertCustomer(t.api.db, { currency: 'GBP' });
    const result = await master.get(t.api.currency.options, { user_id: id });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      user_currency: { symbol: '£', code: 'GBP' },
      currency_options: [
        { symbol: '$', code: 'USD' },
        { symbol: '€', code: 'EUR' },
      ],
    });
  });

  it('charges what the credit does not cover, in the old currency, exactly as the preview said', async () => {
    const { id } = await customer({ usage: 2350, backup: 499, credits: [600, 400] });
    const preview = await summary(id, 'EUR');
    expect(preview.status).toBe(200);
    const usd = (amount: number) => ({ amount, multiplier: 100, symbol: '$' });
    expect(preview.json).toMatchObject({
      user_currency: { code: 'USD' },
      new_currency: { code: 'EUR' },
      charge_info: {
        cost: { value: usd(2350) },
        backup_cost: { value: usd(499) },
        credits: { value: usd(1000) },
        total: { value: usd(1849) },
      },
      exchange_rate: '1 USD = 0.9213 EUR',
      amount_left_after_charge: { value: usd(0) },
      credit_in_new_currency: { value: { amount: 0, multiplier: 100, symbol: '€' } },
      blocked: null,
    });

    const result = await change(id, 'EUR');
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(result.json).toEqual({
      user_id: id,
      currency: 'EUR',
      payment_status: 'SUCCEEDED',
      charged: preview.json.charge_info.total.value,
      amount_left_after_charge: preview.json.amount_left_after_charge.value,
      exchange_rate: preview.json.exchange_rate,
      credit_in_new_currency: preview.json.credit_in_new_currency.value,
    });
    expect(await ledgerOf(id)).toMatchObject([
      { status: 'SUCCEEDED', amount: 1849, currency: 'USD', purpose: 'CURRENCY_CHANGE' },
    ]);
    expect((await creditsOf(id)).slice(2)).toMatchObject([{ amount: -1000, currency: 'USD' }]);
    expect(await readCustomer(t.api.db, id)).toMatchObject({ currency: 'EUR', unbilledUsage: 0, unbilledBackup: 0 });
    const [event] = await t.api.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.customerId, id), eq(activityEvents.event, 'Currency changed')));
    expect(event?.properties).toContainEqual({ label: 'Exchange rate', value: '1 USD = 0.9213 EUR' });
  });

  it('charges nothing when the credit covers the open period and carries the rest over, converted half up', async () => {
    const { id } = await customer({ usage: 1200, backup: 300, credits: [5000] });
    const preview = await summary(id, 'EUR');
    expect(preview.json.charge_info.total.value.amount).toBe(0);
    // 35.00 USD × 0.9213 = 32.2455 EUR → €32.25
    expect(preview.json.credit_in_new_currency.value).toEqual({ amount: 3225, multiplier: 100, symbol: '€' });
    const key = randomUUID();
    const result = await change(id, 'EUR', key);
    expect(result.json).toMatchObject({
      payment_status: 'NOT_CHARGED',
      charged: { amount: 0 },
      amount_left_after_charge: { amount: 3500, symbol: '$' },
      credit_in_new_currency: preview.json.credit_in_new_currency.value,
    });
    expect(chargeCalls(key)).toHaveLength(0);
    expect(await ledgerOf(id)).toEqual([]);
    expect((await creditsOf(id)).map(({ amount, currency }) => [amount, currency])).toEqual([
      [5000, 'USD'],
      [-1500, 'USD'],
      [-3500, 'USD'],
      [3225, 'EUR'],
    ]);
    const details = await master.get(t.api.userDetails.credits, { user_id: id });
    expect(details.json.total_credits).toEqual(preview.json.credit_in_new_currency.value);
    expect(details.json.credits[0]).toMatchObject({ value: { amount: 3225, symbol: '€' }, source: 'CURRENCY_CHANGE' });
  });

  it('leaves everything but the FAILED ledger row unchanged when the card is declined', async () => {
    const { id } = await customer({ usage: 2000, backup: 0, credits: [500] }, 'pm_card_insufficient_funds');
    const before = await readCustomer(t.api.db, id);
    const creditsBefore = await creditsOf(id);
    const result = await change(id, 'GBP');
    expect(result.status).toBe(402);
    expect(result.error.code).toBe('payment_declined');
    expect(result.error.detail).toMatch(/insufficient funds/i);
    expect(result.error.detail).toContain('still pays in USD');
    expect(await readCustomer(t.api.db, id)).toEqual(before);
    expect(await creditsOf(id)).toEqual(creditsBefore);
    expect(await ledgerOf(id)).toMatchObject([{ status: 'FAILED', amount: 1500, currency: 'USD' }]);
  });

  it('replays the same key without a second charge, and a lost answer is charged once on retry', async () => {
    const { id } = await customer({ usage: 900, backup: 100, credits: [] });
    const key = randomUUID();
    const first = await change(id, 'GBP', key);
    const again = await change(id, 'GBP', key);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(chargeCalls(key)).toHaveLength(1);
    expect(await ledgerOf(id)).toHaveLength(1);

    const lost = await customer({ usage: 700, backup: 0, credits: [] }, 'pm_card_network_error_once');
    const retryKey = randomUUID();
    expect((await change(lost.id, 'EUR', retryKey)).status).toBe(503);
    expect((await readCustomer(t.api.db, lost.id))?.currency).toBe('USD');
    const retried = await change(lost.id, 'EUR', retryKey);
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    expect(await ledgerOf(lost.id)).toMatchObject([{ status: 'SUCCEEDED', amount: 700 }]);
    expect((await readCustomer(t.api.db, lost.id))?.currency).toBe('EUR');
  });

  it('answers 50 concurrent identical requests with one gateway charge, one set of ledger rows, 50 equal answers', async () => {
    const { id } = await customer({ usage: 3100, backup: 250, credits: [1000] });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 50 }, () => change(id, 'EUR', key)));
    expect(results.map((result) => result.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((result) => result.raw.body)).size).toBe(1);
    expect(chargeCalls(key).filter((call) => !call.replayed)).toHaveLength(1);
    expect(await ledgerOf(id)).toMatchObject([{ status: 'SUCCEEDED', amount: 2350 }]);
    expect((await creditsOf(id)).map((row) => row.amount)).toEqual([1000, -1000]);
  });

  it('refuses a second change from another form while the first is being charged, and again once it landed', async () => {
    const { id } = await customer({ usage: 100, backup: 0, credits: [] });
    await t.api.db.insert(paymentAttempts).values({
      providerKey: `loupe:other-form:${randomUUID()}`,
      callId: t.api.currency.change.id,
      customerId: id,
      amount: 100,
      currency: 'USD',
      purpose: 'CURRENCY_CHANGE',
      description: 'another form, still at the provider',
    });
    expect((await summary(id, 'EUR')).json.blocked).toMatch(/already being charged/);
    expect((await change(id, 'EUR')).error.code).toBe('currency_change_in_progress');
    await t.api.db.update(paymentAttempts).set({ state: 'abandoned' }).where(eq(paymentAttempts.customerId, id));
    expect((await change(id, 'EUR')).status).toBe(200);
    const second = await change(id, 'EUR');
    expect(second.status).toBe(400);
    expect(second.error).toMatchObject({ code: 'same_currency', field: 'new_currency' });
  });

  it('refuses the same currency and unknown codes with a clear 400', async () => {
    const { id } = await customer({ usage: 100, backup: 0, credits: [] });
    const same = await summary(id, 'USD');
    expect(same.status).toBe(400);
    expect(same.error.detail).toBe('new_currency: the customer already pays in USD; choose another currency');
    for (const code of ['JPY', 'usd', '', 'EURO']) {
      const unknown = await summary(id, code);
      expect(unknown.status, code).toBe(400);
      expect(unknown.error).toMatchObject({ code: 'validation_failed', field: 'new_currency' });
      expect(unknown.error.detail).toContain('must be one of USD, GBP, EUR');
      expect((await change(id, code)).status).toBe(400);
    }
    expect(await ledgerOf(id)).toEqual([]);
    expect((await readCustomer(t.api.db, id))?.currency).toBe('USD');
  });

  it('blocks the change while a failed charge is outstanding, or when something is due and no card is on file', async () => {
    const failed = await insertCustomer(t.api.db, { chargeFailed: true, failedChargeAmount: 4900 });
    const preview = await summary(failed.id, 'EUR');
    expect(preview.json.blocked).toBe(
      'This customer has a failed charge of $49.00 outstanding; retry it before changing their currency',
    );
    const refused = await change(failed.id, 'EUR');
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('currency_change_failed_charge');

    const cardless = await insertCustomer(t.api.db, { paymentMethodToken: null, unbilledUsage: 1000 });
    expect((await summary(cardless.id, 'EUR')).json.blocked).toMatch(/no card on file/);
    expect((await change(cardless.id, 'EUR')).error.code).toBe('no_payment_method');
    const nothingDue = await insertCustomer(t.api.db, { paymentMethodToken: null });
    expect((await change(nothingDue.id, 'EUR')).status).toBe(200);
  });

  it('blocks the change while a yearly contract in the old currency runs (cancel it first, reason currency change)', async () => {
    const { id } = await customer({ usage: 500, backup: 0, credits: [] });
    await t.api.db.insert(contracts).values({
      customerId: id,
      state: 'ACTIVE',
      startDate: '2026-06-01',
      endDate: '2027-06-01',
      numberOfEdits: 12_000,
      pricePerEdit: 1000,
      cropPrice: 100,
      straighteningPrice: 100,
      subjectMaskPrice: 200,
      smoothSkinPrice: 200,
      currency: 'USD',
      country: 'US',
      discountBasisPoints: 1000,
      monthlyPayment: 9000,
      yearlyTotal: 108_000,
    });
    expect((await summary(id, 'EUR')).json.blocked).toMatch(/running yearly contract in USD; cancel it first/);
    const refused = await change(id, 'EUR');
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('currency_change_contract');
    expect(await ledgerOf(id)).toEqual([]);
  });
});
