import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentAttempts } from '../db/schema';
import { fail } from '../http/errors';
import type { PlannedCharge, PlannedRefund } from './handle-payment';

/** The unique index that allows one pending payment per customer. */
const onePendingPerCustomer = 'payment_attempts_one_pending_per_customer';

function violates(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name, message } = current as Error & { code?: string; constraint?: string };
    if (code === '23505' && (name === constraint || message.includes(constraint))) return true;
  }
  return false;
}

/** Whether another payment of the customer (not the one with `ownProviderKey`) is between its gateway call and its record. */
export async function otherPaymentPending(db: Database, customerId: number, ownProviderKey: string): Promise<boolean> {
  const [other] = await db
    .select({ key: paymentAttempts.providerKey })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.customerId, customerId),
        eq(paymentAttempts.state, 'pending'),
        ne(paymentAttempts.providerKey, ownProviderKey),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** Maps the race that the check in `recordAttempt` cannot see (two inserts at once) to the same 409. */
export function paymentInProgressOf(error: unknown): unknown {
  return violates(error, onePendingPerCustomer) ? fail('payment_in_progress') : error;
}

/** The attempt row's own columns: what was asked of the card (and, for a refund, of which charge and project). */
type AttemptValues = Omit<typeof paymentAttempts.$inferInsert, 'providerKey' | 'callId' | 'staffId'>;

/**
 * Step 1's write, for a charge and a refund alike: the attempt, committed before the gateway is called (kept as is
 * when the same key comes again). Another payment of the same customer still in flight (another key: a colleague
 * retrying the same failed charge at the same moment) is a 409, so that the two cannot both move money.
 */
async function insertAttempt(
  db: Database,
  providerKey: string,
  callId: string,
  staffId: number,
  values: AttemptValues,
): Promise<void> {
  if (await otherPaymentPending(db, values.customerId, providerKey)) throw fail('payment_in_progress');
  await db
    .insert(paymentAttempts)
    .values({ providerKey, callId, staffId, ...values })
    .onConflictDoNothing({ target: paymentAttempts.providerKey });
}

/** Step 1's write for a charge (see `insertAttempt`). */
export function recordAttempt(
  db: Database,
  providerKey: string,
  callId: string,
  staffId: number,
  charge: PlannedCharge,
): Promise<void> {
  return insertAttempt(db, providerKey, callId, staffId, charge);
}

/** Step 1's write for a refund (see `insertAttempt`): the attempt names the charge refunded and the project. */
export function recordRefundAttempt(
  db: Database,
  providerKey: string,
  callId: string,
  staffId: number,
  refund: PlannedRefund,
): Promise<void> {
  const { customerId, amount, currency, purpose, description, refundOf, projectId } = refund;
  return insertAttempt(db, providerKey, callId, staffId, {
    customerId,
    amount,
    currency,
    purpose,
    description,
    operation: 'refund',
    refundOf,
    projectId,
  });
}
