import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentAttempts } from '../db/schema';
import { vendorOf } from './card';
import type { PaymentGateway } from './gateway';
import { writeLedgerRow, writeRefundLedgerRow } from './ledger';

/** What one reconciliation pass did. */
export interface ReconcileReport {
  /** Charges the provider made whose ledger row was missing: now written. */
  recorded: number;
  /** Attempts the provider never received: closed, nothing moved. */
  abandoned: number;
  /** Still unknown (the provider did not answer): left pending for the next pass. */
  unknown: number;
}

/**
 * Closes payment attempts left pending longer than `olderThanSeconds` (their request died between the provider's
 * answer and the ledger row, and nobody retried): asks the provider what it did for the key and writes the missing
 * ledger row (a charge, or a refund linked to its charge and project), or marks the attempt abandoned when nothing
 * moved. The call's other effects (credits,
 * unsuspension) are not replayed: a person sees the recorded charge and acts, as with any payment made outside Loupe.
 */
export async function reconcilePayments(
  db: Database,
  gateway: PaymentGateway,
  olderThanSeconds = 60,
): Promise<ReconcileReport> {
  const cutoff = new Date(Date.now() - olderThanSeconds * 1000).toISOString();
  const pending = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.state, 'pending'), lt(paymentAttempts.createdAt, cutoff)));
  const report: ReconcileReport = { recorded: 0, abandoned: 0, unknown: 0 };
  for (const attempt of pending) {
    let found: Awaited<ReturnType<PaymentGateway['lookup']>>;
    try {
      found = await gateway.lookup(attempt.providerKey);
    } catch {
      report.unknown += 1;
      continue;
    }
    if (found.operation === 'refund' && attempt.operation === 'refund') {
      const vendor = await vendorOf(db, attempt.customerId, gateway);
      const outcome = await db.transaction((tx) =>
        writeRefundLedgerRow(tx, attempt.providerKey, attempt.staffId, attempt, found.result, vendor),
      );
      if (outcome.status === 'refunded') report.recorded += 1;
      else report.abandoned += 1;
    } else if (found.operation === 'charge') {
      const vendor = await vendorOf(db, attempt.customerId, gateway);
      await db.transaction((tx) =>
        writeLedgerRow(tx, attempt.providerKey, attempt.staffId, attempt, found.result, vendor),
      );
      report.recorded += 1;
    } else {
      await db
        .update(paymentAttempts)
        .set({ state: 'abandoned', finishedAt: new Date().toISOString() })
        .where(and(eq(paymentAttempts.providerKey, attempt.providerKey), eq(paymentAttempts.state, 'pending')));
      report.abandoned += 1;
    }
  }
  return report;
}
