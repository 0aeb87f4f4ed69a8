import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { labelledEnums, optionLabelsOf } from '../../domain/labels';
import type { Header } from '../../domain/tables';
import { chargeHeaders } from '../../server/charges/rows';
import { chargePurposes as ledgerPurposes } from '../../server/db/schema';
import { seedDatabase } from '../../server/seed/generate';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

function header(headers: readonly Header[], key: string): Header {
  const found = headers.find((each) => each.key === key);
  if (!found) throw new Error(`no header ${key}`);
  return found;
}

describeEachBackend('one voice: the server speaks the domain’s labels and never sends a card token', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
  });

  it('labels every option of the customers table with the domain’s label', async () => {
    const customer = await insertCustomer(t.api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    const { headers } = (await admin.get(t.api.users.get, { user_id: customer.id })).json;
    expect(header(headers, 'status').option_labels).toEqual(optionLabelsOf(labelledEnums.customerStatus));
    expect(header(headers, 'subscription_type').option_labels).toEqual(optionLabelsOf(labelledEnums.subscriptionType));
    expect(header(headers, 'subscription_type').option_labels?.CORPORATE_CONTRACT).toBe('Annual plan');
    expect(header(headers, 'culling_subscription_type').option_labels?.MONTHLY).toBe('Monthly');
    expect(header(headers, 'suspend_reason').option_labels?.FRAUD).toBe('Suspected fraud');
    for (const each of headers.filter((column) => column.option_labels)) {
      expect(Object.keys(each.option_labels ?? {}).sort(), each.key).toEqual([...(each.options ?? [])].sort());
    }
  });

  it('labels the charges’ status and purpose, and knows a label for every purpose the ledger stores', () => {
    expect(header(chargeHeaders, 'status').option_labels).toEqual({ SUCCEEDED: 'Succeeded', FAILED: 'Failed' });
    expect(header(chargeHeaders, 'purpose').option_labels?.CONTRACT_PAYMENT).toBe('Contract installment');
    expect([...labelledEnums.chargePurpose.values].sort()).toEqual([...ledgerPurposes].sort());
  });

  it('names a culling plan with the domain’s label', async () => {
    const customer = await insertCustomer(t.api.db, { cullingSubscriptionType: 'MONTHLY' });
    const tile = (await admin.get(t.api.userDetails.culling, { user_id: customer.id })).json;
    expect(tile.plan_info).toBe('Monthly culling plan');
  });

  it('writes only labelled values: the seed’s and the actions’ categories, sources, purposes and plans', async () => {
    await seedDatabase(t.api.db, { customers: 40, detailCustomers: 40, staff: false, seed: 3, batchSize: 40 });
    const customer = await insertCustomer(t.api.db);
    expect(
      (await admin.post(t.api.userActions.grantCullingCredits, { user_id: customer.id }, { amount: 5 })).status,
    ).toBe(200);
    const distinct = async (table: string, column: string) =>
      (
        await t.api.db.execute(sql.raw(`select distinct ${column} as value from ${table} where ${column} is not null`))
      ).rows.map((row) => String((row as { value: unknown }).value));
    const within = (values: string[], labelled: { values: readonly string[] }) =>
      expect(values.filter((value) => !labelled.values.includes(value))).toEqual([]);
    const categories = await distinct('activity_events', 'category');
    expect(categories).toEqual(expect.arrayContaining(['ACCOUNT', 'BILLING', 'STAFF_ACTION']));
    within(categories, labelledEnums.activityCategory);
    within(await distinct('customer_credits', 'source'), labelledEnums.creditSource);
    within(await distinct('customer_notifications', 'category'), labelledEnums.notificationCategory);
    within(await distinct('charges', 'purpose'), labelledEnums.chargePurpose);
    within(await distinct('customers', 'subscription_type'), labelledEnums.subscriptionType);
    within(await distinct('customers', 'culling_subscription_type'), labelledEnums.cullingSubscriptionType);
    within(await distinct('customers', 'suspend_reason'), labelledEnums.suspendReason);
  });

  it('describes a stored card as brand •••• last4 and sends its token in no answer', async () => {
    const customer = await insertCustomer(t.api.db, {
      paymentMethodDetails: 'Mastercard •••• 5454, expires 7/29',
      paymentMethodToken: 'pm_card_ok',
    });
    const id = { user_id: customer.id };
    const charges = await admin.get(t.api.charges.list, id);
    expect(charges.json.meta.payment_method).toEqual({ card: 'Mastercard •••• 5454' });
    const answers = await Promise.all([
      admin.get(t.api.users.get, id),
      admin.get(t.api.userDetails.details, id),
      admin.get(t.api.userDetails.tiles, id),
      admin.get(t.api.userDetails.payments, id),
      admin.get(t.api.userDetails.additionalInfo, id),
    ]);
    for (const answer of [charges, ...answers]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.json)).not.toContain('pm_card');
    }
  });
});
