import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contractPayments } from '../db/schema';

/**
 * A staff retry of the failed charge paid what the customer owed, contract periods included: their declined periods
 * are charged by it (no more automatic retries) and the installments among them are written to the contracts'
 * payments, linked to that charge. Runs in the retry's recording transaction. Answers how many periods it settled.
 */
export async function settleDeclinedPeriods(
  db: Database,
  customerId: number,
  chargeId: number,
  staffId: number | null,
): Promise<number> {
  const settled = await db.execute<{
    contract_id: number;
    kind: string;
    amount: string | number;
    currency: string;
  }>(sql`
    update contract_billing_periods set state = 'charged', charge_id = ${chargeId}, next_retry_on = null,
      lease_until = null, updated_at = now()
    where customer_id = ${customerId} and state = 'declined'
    returning contract_id, kind, amount, currency`);
  const installments = settled.rows.filter((row) => row.kind === 'INSTALLMENT');
  if (installments.length > 0) {
    await db.insert(contractPayments).values(
      installments.map((row) => ({
        contractId: Number(row.contract_id),
        customerId,
        kind: 'INSTALLMENT' as const,
        amount: Number(row.amount),
        currency: row.currency,
        chargeId,
        staffId,
      })),
    );
  }
  return settled.rows.length;
}

/**
 * Whether an automatic retry of one of the customer's declined contract periods is out at the provider (claimed again:
 * pending, past its first attempt). A staff retry of the failed charge then waits (409): both would charge the same
 * installment. Read after the customer row is locked (see `claimRetries`).
 */
export async function automaticRetryUnderWay(db: Database, customerId: number): Promise<boolean> {
  const found = await db.execute<{ id: number }>(sql`
    select id from contract_billing_periods
    where customer_id = ${customerId} and state = 'pending' and attempts > 1 limit 1`);
  return found.rows.length > 0;
}
