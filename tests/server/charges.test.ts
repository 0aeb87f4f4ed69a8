import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { charges, customers, invoices, paymentProviderSandbox } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('charges: list, retry a failed charge, charge and unsuspend', (backend) => {
  const t = useTestApi(backend, {
    gateway: (db) => new SandboxGateway(db),
    config: { idempotencyWaitMs: 60_000 },
  });
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  const ledgerOf = (customerId: number) =>
    t.api.db.select().from(charges).where(eq(charges.customerId, customerId)).orderBy(charges.id);
  const providerCharges = async (ref: string | null) => {
    const [row] = await t.api.db
      .select({ n: count() })
      .from(paymentProviderSandbox)
      .where(eq(paymentProviderSandbox.customerRef, ref ?? ''));
    return row?.n ?? 0;
  };

  /** A customer whose last charge of $29.00 failed, with the card `token` on file now. */
  function failedCustomer(token: string, extra: Parameters<typeof insertCustomer>[1] = {}) {
    return insertCustomer(t.api.db, {
      chargeFailed: true,
      failedChargeAmount: 2900,
      failedChargeReason: 'incorrect card number',
      numberOfChargeRetries: 1,
      paymentMethodToken: token,
      ...extra,
    });
  }

  const retry = (id: number, key: string) =>
    master.post(t.api.charges.retryCharge, { user_id: id }, undefined, { idempotencyKey: key });

  it('lists charges newest first with headers, invoice actions and the open failed charge in meta', async () => {
    const customer = await failedCustomer('pm_card_ok', { paymentMethodDetails: 'Visa •••• 4242, expires 3/28' });
    const base = { customerId: customer.id, kind: 'CHARGE' as const, currency: 'USD', chargingVendor: 'Stripe' };
    await t.api.db.insert(charges).values([
      {
        ...base,
        status: 'SUCCEEDED',
        amount: 4900,
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: August 2026',
        createdAt: '2026-08-03T10:00:00Z',
      },
      {
        ...base,
        status: 'SUCCEEDED',
        amount: 3100,
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: September 2026',
        createdAt: '2026-09-03T10:00:00Z',
      },
      {
        ...base,
        status: 'FAILED',
        amount: 2900,
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: October 2026',
        failureCode: 'incorrect_number',
        failureMessage: 'incorrect card number',
        createdAt: '2026-10-03T10:00:00Z',
      },
    ]);
    const result = await master.get(t.api.charges.list, { user_id: customer.id });
    expect(result.status).toBe(200);
    const { headers, charges: rows, meta } = result.json;
    expect(headers.map((header) => header.key)).toEqual(
      expect.arrayContaining(['date', 'amount', 'charging_vendor', 'status', 'failure_reason', 'quick_actions']),
    );
    expect(rows.map((row) => row.description)).toEqual([
      'Subscription: October 2026',
      'Subscription: September 2026',
      'Subscription: August 2026',
    ]);
    const [failed, succeeded] = rows;
    expect(failed).toMatchObject({
      status: 'FAILED',
      amount: { amount: 2900, multiplier: 100, symbol: '$' },
      failure_reason: 'incorrect card number',
      invoice: null,
      receipt_file_copy_url: { quick_action: 'DOWNLOAD_INVOICE', is_disabled: true },
    });
    expect(
      failed?.quick_actions.every((action) => action.is_disabled && action.disable_message?.includes('failed')),
    ).toBe(true);
    expect(succeeded).toMatchObject({
      status: 'SUCCEEDED',
      charging_vendor: 'Stripe',
      failure_reason: null,
      invoice: { number: `LP-2026-${String(succeeded?.id).padStart(7, '0')}`, version: null },
      receipt_file_copy_url: {
        is_disabled: false,
        payload: { method: 'GET', path: `invoices/${succeeded?.id}/actions/get_presigned_url` },
      },
      send_receipt_to_customer: {
        quick_action: 'SEND_INVOICE_TO_CUSTOMER',
        payload: { method: 'POST', path: `invoices/${succeeded?.id}/actions/send_to_customer` },
      },
    });
    expect(succeeded?.quick_actions.map((action) => action.name)).toEqual([
      'REGENERATE_INVOICE',
      'DOWNLOAD_INVOICE',
      'SEND_INVOICE_TO_CUSTOMER',
    ]);
    expect(meta).toMatchObject({
      total_number_of_charges: 3,
      status: 'ACTIVE',
      failed_charge: { amount: { amount: 2900 }, currency: 'USD', reason: 'incorrect card number', retries: 1 },
      payment_method: { card: 'Visa •••• 4242' },
    });
    expect(JSON.stringify(meta)).not.toContain('pm_card');

    const marketer = await t.api.signIn('MARKETER_PLUS');
    const limited = await marketer.get(t.api.charges.list, { user_id: customer.id });
    expect(limited.status).toBe(200);
    for (const row of limited.json.charges) {
      expect(
        row.quick_actions.every(
          (action) => action.disable_message === 'Only admins and support agents may download and send invoices',
        ),
      ).toBe(true);
      expect(row.receipt_file_copy_url.disable_message).toBe(
        'Only admins and support agents may download and send invoices',
      );
    }
  });

  it('retries a failed charge: one provider charge, a SUCCEEDED ledger row, the failure cleared, invoice v1', async () => {
    const customer = await failedCustomer('pm_card_ok');
    const key = randomUUID();
    const result = await retry(customer.id, key);
    expect(result.status).toBe(200);
    expect(result.json.charge).toMatchObject({
      status: 'SUCCEEDED',
      amount: { amount: 2900 },
      purpose: 'FAILED_CHARGE_RETRY',
      invoice: { version: 1 },
    });
    expect(result.json.user).toMatchObject({
      charge_failed: false,
      failed_charge_amount: null,
      number_of_charge_retries: 0,
    });
    const stored = await readCustomer(t.api.db, customer.id);
    expect(stored).toMatchObject({
      chargeFailed: false,
      failedChargeAmount: null,
      failedChargeReason: null,
      numberOfChargeRetries: 0,
      lastChargeAmount: 2900,
    });
    const ledger = await ledgerOf(customer.id);
    expect(ledger).toMatchObject([
      { status: 'SUCCEEDED', amount: 2900, currency: 'USD', purpose: 'FAILED_CHARGE_RETRY' },
    ]);
    expect(await providerCharges(customer.providerCustomerRef)).toBe(1);
    expect(
      await t.api.db
        .select()
        .from(invoices)
        .where(eq(invoices.chargeId, ledger[0]?.id ?? 0)),
    ).toHaveLength(1);

    const again = await retry(customer.id, key);
    expect(again.raw.body).toBe(result.raw.body);
    const fresh = await retry(customer.id, randomUUID());
    expect(fresh.status).toBe(409);
    expect(fresh.error).toMatchObject({ code: 'no_failed_charge' });
    expect(fresh.error.detail).toMatch(/no failed charge/);
    expect(await providerCharges(customer.providerCustomerRef)).toBe(1);
  });

  it('answers a decline with 402 and the provider’s text, keeps a FAILED row, counts the retry, replays the answer', async () => {
    const customer = await failedCustomer('pm_card_insufficient_funds');
    const key = randomUUID();
    const result = await retry(customer.id, key);
    expect(result.status).toBe(402);
    expect(result.error).toMatchObject({ code: 'payment_declined' });
    expect(result.error.detail).toContain('insufficient funds');
    expect(await ledgerOf(customer.id)).toMatchObject([
      { status: 'FAILED', amount: 2900, failureMessage: 'insufficient funds', purpose: 'FAILED_CHARGE_RETRY' },
    ]);
    expect(await readCustomer(t.api.db, customer.id)).toMatchObject({
      chargeFailed: true,
      failedChargeAmount: 2900,
      failedChargeReason: 'insufficient funds',
      numberOfChargeRetries: 2,
    });
    const again = await retry(customer.id, key);
    expect(again.status).toBe(402);
    expect(again.raw.body).toBe(result.raw.body);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
    expect((await readCustomer(t.api.db, customer.id))?.numberOfChargeRetries).toBe(2);
  });

  it('answers 409 when there is nothing to retry, and charges nothing', async () => {
    const customer = await insertCustomer(t.api.db, { chargeFailed: false });
    const result = await retry(customer.id, randomUUID());
    expect(result.status).toBe(409);
    expect(result.error.code).toBe('no_failed_charge');
    expect(await providerCharges(customer.providerCustomerRef)).toBe(0);
    expect(await ledgerOf(customer.id)).toEqual([]);
  });

  it('without a card on file answers 409 no_payment_method, and once a card is added a retry charges', async () => {
    const customer = await failedCustomer('pm_card_ok', { paymentMethodToken: null });
    const refused = await retry(customer.id, randomUUID());
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('no_payment_method');
    await t.api.db.update(customers).set({ paymentMethodToken: 'pm_card_ok' }).where(eq(customers.id, customer.id));
    const charged = await retry(customer.id, randomUUID());
    expect(charged.status).toBe(200);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
  });

  it('a lost provider answer is a 503; the same key then records exactly one charge and one ledger row', async () => {
    const customer = await failedCustomer('pm_card_network_error_once');
    const key = randomUUID();
    const first = await retry(customer.id, key);
    expect(first.status).toBe(503);
    expect(first.error.code).toBe('payment_provider_unavailable');
    expect(await ledgerOf(customer.id)).toEqual([]);
    expect((await readCustomer(t.api.db, customer.id))?.chargeFailed).toBe(true);
    const second = await retry(customer.id, key);
    expect(second.status).toBe(200);
    expect(await providerCharges(customer.providerCustomerRef)).toBe(1);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
    expect((await readCustomer(t.api.db, customer.id))?.chargeFailed).toBe(false);
  });

  it('charge and unsuspend lifts the suspension only when the card is charged', async () => {
    const suspended = { status: 'SUSPENDED', suspendedAt: '2026-10-05T10:00:00Z', suspendReason: 'PAYMENT_FAILURE' };
    const ok = await failedCustomer('pm_card_ok', suspended);
    const charged = await master.post(t.api.charges.chargeAndUnsuspend, { user_id: ok.id }, undefined, {
      idempotencyKey: randomUUID(),
    });
    expect(charged.status).toBe(200);
    expect(charged.json.user).toMatchObject({ status: 'ACTIVE', charge_failed: false });
    expect(await readCustomer(t.api.db, ok.id)).toMatchObject({
      status: 'ACTIVE',
      suspendedAt: null,
      suspendReason: null,
      chargeFailed: false,
    });
    expect(await ledgerOf(ok.id)).toMatchObject([{ status: 'SUCCEEDED' }]);

    const declined = await failedCustomer('pm_card_expired', suspended);
    const refused = await master.post(t.api.charges.chargeAndUnsuspend, { user_id: declined.id }, undefined, {
      idempotencyKey: randomUUID(),
    });
    expect(refused.status).toBe(402);
    expect(refused.error.detail).toContain('card expired');
    expect(refused.error.detail).toContain('stays suspended');
    expect(await readCustomer(t.api.db, declined.id)).toMatchObject({
      status: 'SUSPENDED',
      suspendReason: 'PAYMENT_FAILURE',
      chargeFailed: true,
      numberOfChargeRetries: 2,
    });
    expect(await ledgerOf(declined.id)).toMatchObject([{ status: 'FAILED', failureMessage: 'card expired' }]);

    const active = await failedCustomer('pm_card_ok');
    const notSuspended = await master.post(t.api.charges.chargeAndUnsuspend, { user_id: active.id }, undefined, {
      idempotencyKey: randomUUID(),
    });
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.error.code).toBe('not_suspended');
    expect(await providerCharges(active.providerCustomerRef)).toBe(0);
  });

  it('50 concurrent identical retries with one key: one provider charge, one ledger row, 50 identical answers', async () => {
    const customer = await failedCustomer('pm_card_ok');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => retry(customer.id, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => answer.raw.body)).size).toBe(1);
    expect(await providerCharges(customer.providerCustomerRef)).toBe(1);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
  });
});
