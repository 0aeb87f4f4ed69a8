import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentAttempts } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { packageOf, useCreditPackageApi } from './support/credit-packages';
import { insertCustomer } from './support/fixtures';

/** Exactly one charge per purchase: lost answers, a database failure after the charge, concurrency, key reuse. */
describeEachBackend('custom credit packages: exactly once', (backend) => {
  const { t, creditsOf, chargesOf, gatewayCharges, purchase } = useCreditPackageApi(backend);

  it('a lost provider answer is a 503 that records nothing; the retry with the same key charges once', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_network_error_once' });
    const key = randomUUID();
    const body = packageOf(customer.id, 200, 19_000);
    const first = await purchase(body, key);
    expect(first.status).toBe(503);
    expect(first.error.code).toBe('payment_provider_unavailable');
    expect(await chargesOf(customer.id)).toEqual([]);
    expect(await creditsOf(customer.id)).toEqual([]);
    const retry = await purchase(body, key);
    expect(retry.status, JSON.stringify(retry.json)).toBe(200);
    expect(retry.json).toMatchObject({ payment_status: 'SUCCEEDED', total_credits_of_the_user: 200 });
    expect(await gatewayCharges(customer.providerCustomerRef)).toBe(1);
    expect(await chargesOf(customer.id)).toHaveLength(1);
    expect(await creditsOf(customer.id)).toHaveLength(1);
  });

  it('the database refuses the credit after the card was charged: 500, nothing recorded; the same key again records one charge and one credit', async () => {
    const customer = await insertCustomer(t.api.db);
    const key = randomUUID();
    const body = packageOf(customer.id, 400, 36_000);
    await t.api.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_fail_credit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure: the database refused the credit'; END $$`),
    );
    const trigger = `test_fail_credit_${customer.id}`;
    await t.api.db.execute(
      sql.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON customer_credits FOR EACH ROW
        WHEN (NEW.customer_id = ${customer.id}) EXECUTE FUNCTION test_fail_credit()`),
    );
    const failed = await purchase(body, key);
    expect(failed.status).toBe(500);
    expect(await gatewayCharges(customer.providerCustomerRef)).toBe(1);
    expect(await chargesOf(customer.id)).toEqual([]);
    expect(await creditsOf(customer.id)).toEqual([]);
    await t.api.db.execute(sql.raw(`DROP TRIGGER ${trigger} ON customer_credits`));
    const retried = await purchase(body, key);
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    expect(retried.json).toMatchObject({ payment_status: 'SUCCEEDED', total_credits_of_the_user: 400 });
    expect(await gatewayCharges(customer.providerCustomerRef)).toBe(1);
    expect(await chargesOf(customer.id)).toHaveLength(1);
    expect(await creditsOf(customer.id)).toMatchObject([{ amount: 40_000, chargeId: retried.json.charge_id }]);
  });

  it('50 concurrent identical purchases with one key: 1 gateway charge, 1 charge row, 1 credit row, 50 equal answers', async () => {
    const customer = await insertCustomer(t.api.db);
    const key = randomUUID();
    const body = packageOf(customer.id, 1000, 90_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => purchase(body, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((answer) => answer.raw.body)).size).toBe(1);
    expect(answers[0]?.json).toMatchObject({ payment_status: 'SUCCEEDED', total_credits_of_the_user: 1000 });
    expect(await gatewayCharges(customer.providerCustomerRef)).toBe(1);
    expect(await chargesOf(customer.id)).toHaveLength(1);
    expect(await creditsOf(customer.id)).toHaveLength(1);
    const attempts = await t.api.db.select().from(paymentAttempts).where(eq(paymentAttempts.customerId, customer.id));
    expect(attempts).toMatchObject([{ state: 'recorded' }]);
  });

  it('the same key with a different package is refused with 422 and charges nothing more', async () => {
    const customer = await insertCustomer(t.api.db);
    const key = randomUUID();
    expect((await purchase(packageOf(customer.id, 100, 9_000), key)).status).toBe(200);
    const other = await purchase(packageOf(customer.id, 100, 8_000), key);
    expect(other.status).toBe(422);
    expect(other.error.code).toBe('idempotency_key_reused');
    expect(await chargesOf(customer.id)).toHaveLength(1);
    expect(await creditsOf(customer.id)).toHaveLength(1);
  });
});
