import { api as catalogue } from '../../domain/api';
import { charges } from '../../server/db/schema';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix, type Sample } from './support/role-matrix';
import type { TestApi } from './support/test-api';

/** A customer whose $29.00 charge failed and whose card now charges; suspended when asked. */
async function failedCustomer(api: TestApi, suspended = false): Promise<number> {
  const customer = await insertCustomer(api.db, {
    chargeFailed: true,
    failedChargeAmount: 2900,
    failedChargeReason: 'incorrect card number',
    ...(suspended
      ? { status: 'SUSPENDED', suspendedAt: '2026-10-05T10:00:00Z', suspendReason: 'PAYMENT_FAILURE' }
      : {}),
  });
  return customer.id;
}

/** A customer with one succeeded $49.00 charge: its ids. */
async function chargedCustomer(api: TestApi): Promise<{ userId: number; chargeId: number }> {
  const customer = await insertCustomer(api.db);
  const [charge] = await api.db
    .insert(charges)
    .values({
      customerId: customer.id,
      kind: 'CHARGE',
      status: 'SUCCEEDED',
      amount: 4900,
      currency: 'USD',
      purpose: 'SUBSCRIPTION',
      description: 'Subscription: October 2026',
      chargingVendor: 'Stripe',
    })
    .returning();
  if (!charge) throw new Error('charge not inserted');
  return { userId: customer.id, chargeId: charge.id };
}

const onCharge: Sample = async (api) => ({ params: { id: (await chargedCustomer(api)).chargeId } });

/**
 * Reading charges: user_details_read (every role); retry and charge-and-unsuspend: charge_and_unsuspend; regenerate,
 * download link and send: invoices. The PDF behind a signed link has no session (tests/server/invoices.test.ts).
 */
describeRoleMatrix(
  'charges',
  Object.values(catalogue.charges).filter((endpoint) => endpoint.auth === 'access'),
  {
    'charges.list': async (api) => ({ params: { user_id: (await chargedCustomer(api)).userId } }),
    'charges.retryCharge': async (api) => ({ params: { user_id: await failedCustomer(api) } }),
    'charges.chargeAndUnsuspend': async (api) => ({ params: { user_id: await failedCustomer(api, true) } }),
    'charges.regenerateInvoice': async (api) => {
      const { userId, chargeId } = await chargedCustomer(api);
      return { params: { user_id: userId }, body: { charge_id: chargeId } };
    },
    'charges.invoiceUrl': onCharge,
    'charges.sendInvoice': onCharge,
  },
);
