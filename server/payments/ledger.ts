import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { charges, paymentAttempts } from '../db/schema';
import type { ChargeResult, RefundResult } from './gateway';
import type { LedgerCharge, PaymentOutcome, PlannedCharge, RefundOutcome } from './handle-payment';

/** The refund as the attempt row recorded it (what reconciliation knows of a refund). */
export type RefundAttempt = Pick<
  typeof paymentAttempts.$inferSelect,
  'customerId' | 'amount' | 'currency' | 'purpose' | 'description' | 'refundOf' | 'projectId'
>;

/** The ledger row of a provider key: the one already written for it (by reconciliation) is reused, else `values`. */
async function ledgerRowOf(
  db: Database,
  providerKey: string,
  values: Omit<typeof charges.$inferInsert, 'providerKey'>,
): Promise<LedgerCharge> {
  const [existing] = await db.select().from(charges).where(eq(charges.providerKey, providerKey));
  if (existing) return existing;
  const [row] = await db
    .insert(charges)
    .values({ ...values, providerKey })
    .returning();
  if (!row) throw new Error(`${values.kind} ledger row not written`);
  return row;
}

/** Closes the attempt of a provider key: `recorded` once its ledger row is written, `abandoned` when nothing moved. */
async function closeAttempt(db: Database, providerKey: string, state: 'recorded' | 'abandoned'): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ state, finishedAt: new Date().toISOString() })
    .where(eq(paymentAttempts.providerKey, providerKey));
}

/** Step 3's ledger row for the gateway's answer to a charge: SUCCEEDED, or FAILED with the decline's code. */
export async function writeLedgerRow(
  db: Database,
  providerKey: string,
  staffId: number | null,
  charge: PlannedCharge,
  result: ChargeResult,
  vendor: string,
): Promise<PaymentOutcome> {
  const row = await ledgerRowOf(db, providerKey, {
    customerId: charge.customerId,
    kind: 'CHARGE',
    status: result.status === 'succeeded' ? 'SUCCEEDED' : 'FAILED',
    amount: charge.amount,
    currency: charge.currency,
    purpose: charge.purpose,
    description: charge.description,
    chargingVendor: vendor,
    staffId,
    ...(result.status === 'succeeded'
      ? { providerChargeId: result.chargeId, providerRef: result.providerRef }
      : { failureCode: result.code, failureMessage: result.message }),
  });
  await closeAttempt(db, providerKey, 'recorded');
  if (result.status === 'succeeded') return { status: 'succeeded', charge: row };
  return { status: 'declined', charge: row, code: result.code, message: result.message };
}

/**
 * Step 3's ledger row for a refund: a REFUND row linked to the charge (and project) when the provider refunded;
 * nothing when it refused (no money moved: the attempt is closed as abandoned).
 */
export async function writeRefundLedgerRow(
  db: Database,
  providerKey: string,
  staffId: number | null,
  refund: RefundAttempt,
  result: RefundResult,
  vendor: string,
): Promise<RefundOutcome> {
  if (result.status !== 'succeeded') {
    await closeAttempt(db, providerKey, 'abandoned');
    return { status: 'refund_declined', code: result.code, message: result.message };
  }
  const row = await ledgerRowOf(db, providerKey, {
    customerId: refund.customerId,
    kind: 'REFUND',
    status: 'SUCCEEDED',
    amount: refund.amount,
    currency: refund.currency,
    purpose: refund.purpose,
    description: refund.description,
    chargingVendor: vendor,
    staffId,
    providerChargeId: result.refundId,
    providerRef: result.providerRef,
    refundOf: refund.refundOf,
    projectId: refund.projectId,
  });
  await closeAttempt(db, providerKey, 'recorded');
  return { status: 'refunded', refund: row };
}
