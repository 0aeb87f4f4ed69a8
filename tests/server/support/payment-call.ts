import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineArea, idParam, post } from '../../../domain/endpoint';
import { customers } from '../../../server/db/schema';
import { fail } from '../../../server/http/errors';
import { handlePayment } from '../../../server/payments/handle-payment';

/** A card-charging call for the pipeline tests only: charges `amount` cents and counts it on referred_signups. */
export const testPaymentCalls = defineArea('testPayments', {
  pay: post('test/customers/:user_id/pay', {
    summary: 'Test-only payment call',
    permission: 'charge_and_unsuspend',
    money: true,
    params: z.object({ user_id: idParam }),
    body: z.object({ amount: z.number().int().min(0).max(100_000) }).strict(),
    answer: z.object({
      user_id: z.number(),
      status: z.string(),
      charge_id: z.number().nullable(),
      paid_total: z.number(),
    }),
    target: { kind: 'customer', param: 'user_id' },
  }),
});

export const testPayHandler = handlePayment(testPaymentCalls.pay, {
  prepare: async ({ db, params, body }) => {
    const [customer] = await db.select().from(customers).where(eq(customers.id, params.user_id));
    if (!customer) throw fail('customer_not_found');
    return {
      charge:
        body.amount > 0
          ? {
              customerId: customer.id,
              amount: body.amount,
              currency: customer.currency,
              purpose: 'SUBSCRIPTION',
              description: `Test payment of ${body.amount}`,
            }
          : null,
      data: { customerId: customer.id },
    };
  },
  record: async ({ db }, { customerId }, outcome) => {
    const paid = outcome.status === 'succeeded' ? outcome.charge.amount : 0;
    const [row] = await db
      .update(customers)
      .set({ referredSignups: sql`${customers.referredSignups} + ${paid}` })
      .where(eq(customers.id, customerId))
      .returning({ total: customers.referredSignups });
    if (outcome.status === 'declined') {
      throw fail('payment_declined', { detail: `The card was declined: ${outcome.message}`, keepChanges: true });
    }
    return {
      user_id: customerId,
      status: outcome.status,
      charge_id: outcome.status === 'succeeded' ? outcome.charge.id : null,
      paid_total: row?.total ?? 0,
    };
  },
});
