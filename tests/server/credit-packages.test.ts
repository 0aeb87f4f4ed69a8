import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { api as catalogue } from '../../domain/api';
import { activityEvents, auditLog, paymentAttempts } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { packageOf, useCreditPackageApi } from './support/credit-packages';
import { insertCustomer } from './support/fixtures';
import type { Client } from './support/test-api';

const { summary, purchaseCustom, recentPurchases } = catalogue.creditPackages;

describeEachBackend('custom credit packages', (backend) => {
  const p = useCreditPackageApi(backend);
  const { t, creditsOf, chargesOf, gatewayCharges, purchase } = p;
  let client: Client;
  beforeAll(() => {
    client = p.client;
  });

  it('prices a package: the price, the extra credits beyond the list price, the discount, the card and the balance', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodDetails: 'Visa •••• 4242, expires 4/28' });
    const answer = await client.post(summary, {}, packageOf(customer.id, 500, 45_000));
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toEqual({
      user_id: customer.id,
      amount_of_credits: 500,
      amount_to_pay: { amount: 45_000, multiplier: 100, symbol: '$' },
      extra_credits_earned: 50,
      list_price: { amount: 50_000, multiplier: 100, symbol: '$' },
      discount_percent: 10,
      currency: 'USD',
      payment_method: 'Visa •••• 4242',
      total_credits_of_the_user: 0,
    });
    const inUnits = await client.post(summary, {}, packageOf(customer.id, 500, 450, '$', 1));
    expect(inUnits.json).toMatchObject({
      amount_to_pay: { amount: 45_000, multiplier: 100 },
      extra_credits_earned: 50,
    });
    const fractional = await client.post(summary, {}, packageOf(customer.id, 500, 45_050));
    expect(fractional.json.extra_credits_earned).toBe(49);
    const noCard = await insertCustomer(t.api.db, { paymentMethodToken: null });
    expect((await client.post(summary, {}, packageOf(noCard.id, 10, 1000))).json.payment_method).toBeNull();
    // Reading writes nothing: no audit row, no ledger row.
    expect(await creditsOf(customer.id)).toEqual([]);
    const audits = await t.api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(customer.id)));
    expect(audits).toEqual([]);
  });

  it('sells the package: one SUCCEEDED charge, one PURCHASE credit linked to it, the new balance, timeline and audit', async () => {
    const customer = await insertCustomer(t.api.db, { currency: 'EUR' });
    const body = packageOf(customer.id, 500, 45_000, '€');
    const priced = await client.post(summary, {}, body);
    const answer = await purchase(body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const [charge] = await chargesOf(customer.id);
    const credits = await creditsOf(customer.id);
    expect(answer.json).toEqual({
      payment_status: 'SUCCEEDED',
      stripe_error_message: null,
      total_credits_of_the_user: 500,
      user_id: customer.id,
      credits_added: 500,
      amount_charged: { amount: 45_000, multiplier: 100, symbol: '€' },
      charge_id: charge?.id,
      credit_id: credits[0]?.id,
    });
    // The summary's numbers are the purchase's.
    expect(answer.json.amount_charged).toEqual(priced.json.amount_to_pay);
    expect(answer.json.credits_added).toBe(priced.json.amount_of_credits);
    expect(answer.json.total_credits_of_the_user).toBe(
      priced.json.total_credits_of_the_user + priced.json.amount_of_credits,
    );
    expect(charge).toMatchObject({
      kind: 'CHARGE',
      status: 'SUCCEEDED',
      amount: 45_000,
      currency: 'EUR',
      purpose: 'CREDIT_PACKAGE',
      description: 'Custom credit package: 500 credits (+50 extra)',
    });
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      amount: 50_000,
      currency: 'EUR',
      source: 'PURCHASE',
      reason: 'CUSTOM_CREDIT_PACKAGE',
      chargeId: charge?.id,
      staffId: t.api.staff.SUPPORT_MASTER.id,
    });
    expect(await gatewayCharges(customer.providerCustomerRef)).toBe(1);
    const events = await t.api.db.select().from(activityEvents).where(eq(activityEvents.customerId, customer.id));
    expect(events.map((event) => event.event)).toEqual(['Custom credit package purchased']);
    expect(events[0]?.properties).toContainEqual({ label: 'Charged', value: '€450.00' });
    const audits = await t.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'customer'), eq(auditLog.targetId, String(customer.id))));
    expect(audits).toMatchObject([{ callId: 'creditPackages.purchaseCustom', outcome: 'ok', status: 200 }]);
    // The customer's credits tab shows the purchase in its total.
    const tab = await client.get(catalogue.userDetails.credits, { user_id: customer.id });
    expect(tab.json.total_credits).toEqual({ amount: 50_000, multiplier: 100, symbol: '€' });
    // The user's audit tab lists it.
    const auditTab = await client.get(catalogue.userDetails.audit, { user_id: customer.id });
    expect(JSON.stringify(auditTab.json)).toContain('creditPackages.purchaseCustom');
    // Adds to credits already there.
    const second = await purchase(packageOf(customer.id, 100, 10_000, '€'));
    expect(second.json).toMatchObject({ payment_status: 'SUCCEEDED', total_credits_of_the_user: 600 });
  });

  it('a declined card answers FAILED with the provider’s reason, keeps the FAILED charge row and adds no credit', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_incorrect_number' });
    const key = randomUUID();
    const answer = await purchase(packageOf(customer.id, 500, 45_000), key);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      payment_status: 'FAILED',
      stripe_error_message: 'incorrect card number',
      total_credits_of_the_user: 0,
      credits_added: 0,
      credit_id: null,
    });
    expect(await creditsOf(customer.id)).toEqual([]);
    expect(await chargesOf(customer.id)).toMatchObject([
      { status: 'FAILED', amount: 45_000, failureMessage: 'incorrect card number', purpose: 'CREDIT_PACKAGE' },
    ]);
    expect(await gatewayCharges(customer.providerCustomerRef)).toBe(0);
    const events = await t.api.db.select().from(activityEvents).where(eq(activityEvents.customerId, customer.id));
    expect(events).toMatchObject([{ event: 'Custom credit package declined' }]);
    expect(events[0]?.properties).toContainEqual({ label: 'Card declined', value: 'incorrect card number' });
    // The same key replays the same answer without a second attempt at the card.
    const again = await purchase(packageOf(customer.id, 500, 45_000), key);
    expect(again.json).toEqual(answer.json);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await chargesOf(customer.id)).toHaveLength(1);
  });

  it('lists the latest sales across customers, newest first, a declined one with the reason and no credit', async () => {
    const paying = await insertCustomer(t.api.db, { firstName: 'Robin', lastName: 'Recent' });
    const declined = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_incorrect_number' });
    await purchase(packageOf(paying.id, 300, 27_000));
    await purchase(packageOf(declined.id, 100, 9_900));
    const answer = await client.get(recentPurchases);
    expect(answer.status).toBe(200);
    const [latest, previous] = answer.json.purchases;
    expect(latest).toMatchObject({
      user_id: declined.id,
      customer_email: declined.email,
      package: '100 credits (+1 extra)',
      amount_charged: { amount: 9_900, multiplier: 100, symbol: '$' },
      payment_status: 'FAILED',
      stripe_error_message: 'incorrect card number',
      credits_added: null,
      sold_by: 'SUPPORT Tester',
    });
    expect(previous).toMatchObject({
      user_id: paying.id,
      customer_name: 'Robin Recent',
      package: '300 credits (+30 extra)',
      payment_status: 'SUCCEEDED',
      stripe_error_message: null,
      credits_added: { amount: 30_000, multiplier: 100, symbol: '$' },
    });
    expect(answer.json.purchases.length).toBeLessThanOrEqual(25);
  });

  it('refuses bad packages with a 400 naming the field, for the summary and the purchase alike', async () => {
    const customer = await insertCustomer(t.api.db);
    const id = customer.id;
    const cases: [unknown, string, RegExp][] = [
      [packageOf(id, 0, 100), 'custom_credit_package_details.credit_details.amount_of_credits', /at least 1/],
      [packageOf(id, 2.5, 200), 'custom_credit_package_details.credit_details.amount_of_credits', /whole number/],
      [packageOf(id, 100_001, 100), 'custom_credit_package_details.credit_details.amount_of_credits', /at most/],
      [packageOf(id, 100, 0), 'custom_credit_package_details.price.amount', /more than 0/],
      [packageOf(id, 100, -5), 'custom_credit_package_details.price.amount', /more than 0/],
      [
        packageOf(id, 100, 9_000, '€'),
        'custom_credit_package_details.price',
        /customer’s currency, USD \(\$\); got EUR/,
      ],
      [packageOf(id, 100, 9_000, 'X'), 'custom_credit_package_details.price', /USD \(\$\); got “X”/],
      [packageOf(id, 100, 900_001, '$', 10000), 'custom_credit_package_details.price', /two decimals/],
      [packageOf(id, 100, 10_001), 'custom_credit_package_details.price', /at most \$100\.00, the list price of 100/],
      [packageOf(id, 100, 4_999), 'custom_credit_package_details.price', /at least \$50\.00: .*50 % off/],
      [{ ...packageOf(id, 100, 9_000), extra: 1 }, 'extra', /not an accepted field/],
      [{ custom_credit_package_details: packageOf(id, 1, 1).custom_credit_package_details }, 'user_id', /required/],
    ];
    for (const [body, field, message] of cases) {
      for (const endpoint of [summary, purchaseCustom]) {
        const answer = await client.call(endpoint, { body }, { idempotencyKey: randomUUID() });
        expect(answer.status, `${endpoint.id} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.error.field).toBe(field);
        expect(answer.error.detail).toMatch(message);
      }
    }
    const unknown = await client.post(summary, {}, packageOf(2_000_000_000, 10, 1000));
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe('customer_not_found');
    const noCard = await insertCustomer(t.api.db, { paymentMethodToken: null });
    const refused = await purchase(packageOf(noCard.id, 10, 1000));
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('no_payment_method');
    expect(await t.api.db.select().from(paymentAttempts).where(eq(paymentAttempts.customerId, noCard.id))).toEqual([]);
    const noKey = await client.post(purchaseCustom, {}, packageOf(id, 10, 1000));
    expect(noKey.status).toBe(400);
    expect(noKey.error.code).toBe('idempotency_key_missing');
    expect(await chargesOf(id)).toEqual([]);
    expect(await creditsOf(id)).toEqual([]);
  });
});
