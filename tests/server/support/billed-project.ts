import { randomUUID } from 'node:crypto';
import { charges } from '../../../server/db/schema';
import type { SandboxGateway } from '../../../server/payments';
import { insertCustomer } from './fixtures';
import { insertProject } from './profiles';
import type { TestApi } from './test-api';

/** A customer (named as given) whose project was billed by a real sandbox charge of `amount` EUR minor units. */
export async function billedProject(
  api: TestApi,
  sandbox: SandboxGateway,
  amount = 4800,
  name: { firstName?: string; lastName?: string } = {},
) {
  const customer = await insertCustomer(api.db, { currency: 'EUR', paymentMethodToken: 'pm_card_ok', ...name });
  const made = await sandbox.charge({
    idempotencyKey: `fixture:${randomUUID()}`,
    customerRef: `cus_${customer.id}`,
    paymentMethod: 'pm_card_ok',
    amount,
    currency: 'EUR',
    description: 'Subscription',
  });
  const [charge] = await api.db
    .insert(charges)
    .values({
      customerId: customer.id,
      kind: 'CHARGE',
      status: 'SUCCEEDED',
      amount,
      currency: 'EUR',
      purpose: 'SUBSCRIPTION',
      description: 'Subscription: March 2026',
      chargingVendor: 'Stripe',
      providerChargeId: made.status === 'succeeded' ? made.chargeId : 'ch_not_at_the_provider',
    })
    .returning();
  if (!charge) throw new Error('charge not inserted');
  const project = await insertProject(api.db, customer.id, {
    name: 'Smith wedding',
    status: 'DOWNLOADED',
    totalCharge: amount,
    paid: true,
    chargeId: charge.id,
  });
  return { customer, charge, project };
}
