import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, charges, customers, paymentAttempts } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { reconcilePayments } from '../../server/payments/reconcile';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { testPayHandler, testPaymentCalls } from './support/payment-call';
import { type Client, useTestApi } from './support/test-api';

const pay = testPaymentCalls.pay;

describeEachBackend('payment pipeline: prepare → gateway outside the transaction → ledger + record', (backend) => {
  let sandbox: SandboxGateway;
  const t = useTestApi(backend, {
    extraHandlers: [testPayHandler],
    gateway: (db) => {
      sandbox = new SandboxGateway(db);
      return sandbox;
    },
    config: { idempotencyWaitMs: 60_000 },
  });
  let client: Client;
  beforeAll(async () => {
    client = await t.api.signIn('SUPPORT_MASTER');
  });

  const ledgerOf = (customerId: number) =>
    t.api.db.select().from(charges).where(eq(charges.customerId, customerId)).orderBy(charges.id);
  const attemptsOf = (customerId: number) =>
    t.api.db.select().from(paymentAttempts).where(eq(paymentAttempts.customerId, customerId));
  const chargeCalls = (key: string) =>
    sandbox.calls.filter((call) => call.operation === 'charge' && call.idempotencyKey.endsWith(`:${key}`));
  const providerKey = (key: string) => `loupe:${t.api.staff.SUPPORT_MASTER.id}:${key}`;

  async function customer(token: string | null = 'pm_card_ok') {
    return insertCustomer(t.api.db, { paymentMethodToken: token, referredSignups: 0 });
  }

  it('charges once, writes one SUCCEEDED ledger row keyed by the staff member’s key, audits, and replays', async () => {
    const { id, providerCustomerRef } = await customer();
    const key = randomUUID();
    const first = await client.post(pay, { user_id: id }, { amount: 4900 }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ user_id: id, status: 'succeeded', paid_total: 4900 });
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      id: first.json.charge_id,
      kind: 'CHARGE',
      status: 'SUCCEEDED',
      amount: 4900,
      currency: 'USD',
      providerKey: providerKey(key),
    });
    expect(ledger[0]?.providerChargeId).toMatch(/^ch_sbx_/);
    expect(await attemptsOf(id)).toMatchObject([{ state: 'recorded', amount: 4900 }]);
    const audit = await t.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.callId, 'testPayments.pay'), eq(auditLog.targetId, String(id))));
    expect(audit.map((row) => row.outcome)).toEqual(['ok']);

    const again = await client.post(pay, { user_id: id }, { amount: 4900 }, { idempotencyKey: key });
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(chargeCalls(key)).toHaveLength(1);
    expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('calls no gateway and writes no ledger row when prepare decides nothing is to be charged', async () => {
    const { id } = await customer();
    const key = randomUUID();
    const result = await client.post(pay, { user_id: id }, { amount: 0 }, { idempotencyKey: key });
    expect(result.json).toMatchObject({ status: 'not_charged', charge_id: null });
    expect(chargeCalls(key)).toHaveLength(0);
    expect(await ledgerOf(id)).toEqual([]);
    expect(await attemptsOf(id)).toEqual([]);
  });

  it('records a decline as a FAILED ledger row and answers 402 with the provider’s reason, replayed for the key', async () => {
    const { id } = await customer('pm_card_incorrect_number');
    const key = randomUUID();
    const first = await client.post(pay, { user_id: id }, { amount: 2900 }, { idempotencyKey: key });
    expect(first.status).toBe(402);
    expect(first.error).toEqual({ code: 'payment_declined', detail: 'The card was declined: incorrect card number' });
    expect(await ledgerOf(id)).toMatchObject([
      { status: 'FAILED', amount: 2900, failureCode: 'incorrect_number', failureMessage: 'incorrect card number' },
    ]);
    expect((await readCustomer(t.api.db, id))?.referredSignups).toBe(0);
    const again = await client.post(pay, { user_id: id }, { amount: 2900 }, { idempotencyKey: key });
    expect(again.status).toBe(402);
    expect(again.raw.body).toBe(first.raw.body);
    expect(chargeCalls(key)).toHaveLength(1);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('refuses a customer without a card on file with 409 and records nothing', async () => {
    const { id } = await customer(null);
    const result = await client.post(pay, { user_id: id }, { amount: 100 }, { idempotencyKey: randomUUID() });
    expect(result.status).toBe(409);
    expect(result.error.code).toBe('no_payment_method');
    expect(await ledgerOf(id)).toEqual([]);
    expect(await attemptsOf(id)).toEqual([]);
    // Nothing was left pending: once a card is on file the next payment goes through at once.
    await t.api.db.update(customers).set({ paymentMethodToken: 'pm_card_ok' }).where(eq(customers.id, id));
    const paid = await client.post(pay, { user_id: id }, { amount: 100 }, { idempotencyKey: randomUUID() });
    expect(paid.status).toBe(200);
  });

  it('refuses the same key with a different amount (422) without a second charge', async () => {
    const { id } = await customer();
    const key = randomUUID();
    expect((await client.post(pay, { user_id: id }, { amount: 100 }, { idempotencyKey: key })).status).toBe(200);
    const other = await client.post(pay, { user_id: id }, { amount: 200 }, { idempotencyKey: key });
    expect(other.status).toBe(422);
    expect(other.error.code).toBe('idempotency_key_reused');
    expect(chargeCalls(key)).toHaveLength(1);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('allows one payment in flight per customer: another key meanwhile is a 409, the same key goes on', async () => {
    const { id } = await customer('pm_card_network_error');
    const key = randomUUID();
    expect((await client.post(pay, { user_id: id }, { amount: 700 }, { idempotencyKey: key })).status).toBe(503);
    const colleague = await (await t.api.signIn('ADMIN')).post(
      pay,
      { user_id: id },
      { amount: 700 },
      { idempotencyKey: randomUUID() },
    );
    expect(colleague.status).toBe(409);
    expect(colleague.error.code).toBe('payment_in_progress');
    expect((await client.post(pay, { user_id: id }, { amount: 700 }, { idempotencyKey: key })).status).toBe(503);
    expect(await attemptsOf(id)).toHaveLength(1);
    await reconcilePayments(t.api.db, sandbox, 0);
    const later = await client.post(pay, { user_id: id }, { amount: 700 }, { idempotencyKey: randomUUID() });
    expect(later.status).toBe(503);
  });

  describe('injected failures', () => {
    it('gateway unreachable: 503, no ledger row, nothing charged; the attempt is closed as abandoned', async () => {
      const { id, providerCustomerRef } = await customer('pm_card_network_error');
      const key = randomUUID();
      const result = await client.post(pay, { user_id: id }, { amount: 1500 }, { idempotencyKey: key });
      expect(result.status).toBe(503);
      expect(result.error.code).toBe('payment_provider_unavailable');
      expect(await ledgerOf(id)).toEqual([]);
      expect(await attemptsOf(id)).toMatchObject([{ state: 'pending', providerKey: providerKey(key) }]);
      expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(0);
      expect((await readCustomer(t.api.db, id))?.referredSignups).toBe(0);
      const report = await reconcilePayments(t.api.db, sandbox, 0);
      expect(report.abandoned).toBeGreaterThanOrEqual(1);
      expect(await attemptsOf(id)).toMatchObject([{ state: 'abandoned' }]);
      expect(await ledgerOf(id)).toEqual([]);
    });

    it('gateway charged but its answer was lost: 503 with no ledger row; the same key again records the one charge', async () => {
      const { id, providerCustomerRef } = await customer('pm_card_network_error_once');
      const key = randomUUID();
      const lost = await client.post(pay, { user_id: id }, { amount: 2500 }, { idempotencyKey: key });
      expect(lost.status).toBe(503);
      expect(await ledgerOf(id)).toEqual([]);
      expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
      const retried = await client.post(pay, { user_id: id }, { amount: 2500 }, { idempotencyKey: key });
      expect(retried.status).toBe(200);
      expect(retried.json).toMatchObject({ status: 'succeeded', paid_total: 2500 });
      expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
      expect(await ledgerOf(id)).toMatchObject([{ status: 'SUCCEEDED', amount: 2500 }]);
    });

    async function failLedgerInsertsFor(customerId: number) {
      await t.api.db.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION test_fail_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure: the database refused the ledger row'; END $$`),
      );
      await t.api.db.execute(
        sql.raw(`CREATE TRIGGER test_fail_ledger_${customerId} BEFORE INSERT ON charges FOR EACH ROW
          WHEN (NEW.customer_id = ${customerId}) EXECUTE FUNCTION test_fail_ledger()`),
      );
      return () => t.api.db.execute(sql.raw(`DROP TRIGGER test_fail_ledger_${customerId} ON charges`));
    }

    it('database error after the gateway charged: 500, nothing recorded; the same key again records it without a second charge', async () => {
      const { id, providerCustomerRef } = await customer();
      const key = randomUUID();
      const heal = await failLedgerInsertsFor(id);
      const failed = await client.post(pay, { user_id: id }, { amount: 3100 }, { idempotencyKey: key });
      expect(failed.status).toBe(500);
      expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
      expect(await ledgerOf(id)).toEqual([]);
      expect((await readCustomer(t.api.db, id))?.referredSignups).toBe(0);
      expect(await attemptsOf(id)).toMatchObject([{ state: 'pending', amount: 3100 }]);
      await heal();
      const retried = await client.post(pay, { user_id: id }, { amount: 3100 }, { idempotencyKey: key });
      expect(retried.status).toBe(200);
      expect(retried.json).toMatchObject({ status: 'succeeded', paid_total: 3100 });
      expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
      expect(await ledgerOf(id)).toMatchObject([{ status: 'SUCCEEDED', amount: 3100, providerKey: providerKey(key) }]);
      expect(await attemptsOf(id)).toMatchObject([{ state: 'recorded' }]);
    });

    it('database error and nobody retries: reconciliation writes the missing ledger row from the provider’s books', async () => {
      const { id, providerCustomerRef } = await customer();
      const key = randomUUID();
      const heal = await failLedgerInsertsFor(id);
      expect((await client.post(pay, { user_id: id }, { amount: 1800 }, { idempotencyKey: key })).status).toBe(500);
      await heal();
      const report = await reconcilePayments(t.api.db, sandbox, 0);
      expect(report.recorded).toBeGreaterThanOrEqual(1);
      expect(await ledgerOf(id)).toMatchObject([{ status: 'SUCCEEDED', amount: 1800, providerKey: providerKey(key) }]);
      expect(await attemptsOf(id)).toMatchObject([{ state: 'recorded' }]);
      // A late retry finds the reconciled row: still one charge, one ledger row.
      const late = await client.post(pay, { user_id: id }, { amount: 1800 }, { idempotencyKey: key });
      expect(late.status).toBe(200);
      expect(await ledgerOf(id)).toHaveLength(1);
      expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
    });
  });

  it('answers 50 concurrent identical requests with one key with one gateway charge, one ledger row, 50 identical answers', async () => {
    const { id, providerCustomerRef } = await customer();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.post(pay, { user_id: id }, { amount: 990 }, { idempotencyKey: key })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((result) => result.raw.body)).size).toBe(1);
    expect(chargeCalls(key)).toHaveLength(1);
    expect(await sandbox.chargesMade(providerCustomerRef ?? undefined)).toBe(1);
    expect(await ledgerOf(id)).toHaveLength(1);
    expect((await readCustomer(t.api.db, id))?.referredSignups).toBe(990);
  });
});
