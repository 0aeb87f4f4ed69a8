import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineArea, idParam, post } from '../../../domain/endpoint';
import { customers } from '../../../server/db/schema';
import { fail } from '../../../server/http/errors';
import { handle } from '../../../server/http/handler';

/** A money call for the tests only (the catalogue has none yet): adds `amount` to a customer's referred_signups. */
export const testCalls = defineArea('test', {
  credit: post('test/customers/:user_id/credit', {
    summary: 'Test-only money call',
    permission: ['give_credit', 'give_credit_capped'],
    money: true,
    params: z.object({ user_id: idParam }),
    body: z
      .object({
        amount: z.number().int().positive().max(1000),
        delay_ms: z.number().int().min(0).max(10_000).default(0),
        fail_with: z.enum(['conflict', 'crash']).optional(),
      })
      .strict(),
    answer: z.object({ user_id: z.number(), total: z.number(), capped: z.boolean() }),
    target: { kind: 'customer', param: 'user_id' },
  }),
});

export const testCreditHandler = handle(testCalls.credit, async ({ db, params, body, can }) => {
  if (body.delay_ms > 0) await sleep(body.delay_ms);
  const [row] = await db
    .update(customers)
    .set({ referredSignups: sql`${customers.referredSignups} + ${body.amount}` })
    .where(eq(customers.id, params.user_id))
    .returning({ total: customers.referredSignups });
  if (!row) throw fail('customer_not_found');
  if (body.fail_with === 'conflict') throw fail('already_suspended');
  if (body.fail_with === 'crash') throw new Error('simulated crash after writing');
  return { user_id: params.user_id, total: row.total, capped: !can('give_credit') };
});
