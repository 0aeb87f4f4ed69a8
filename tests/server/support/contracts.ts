import { contractFormOf } from '../../../domain/contract-form';
import { yearlySummary } from '../../../domain/contract-math';
import type { Currency } from '../../../domain/money';
import { addMonths, termsOf, todayUtc } from '../../../server/contracts/records';
import type { Database } from '../../../server/db/client';
import { contractMonthlyUsage, contractPayments, contracts } from '../../../server/db/schema';

export interface RunningContractOptions {
  /** Which month of its year the contract is in today (1–12). */
  month?: number;
  edits?: number;
  /** List price per edit in major units. */
  pricePerEdit?: number;
  currency?: Currency;
  /** Photos edited so far, spread over the months. */
  photosUsed?: number;
}

/** A contract running since `month − 1` months and 3 days ago, with every installment due so far paid. */
export async function insertRunningContract(db: Database, customerId: number, options: RunningContractOptions = {}) {
  const { month = 5, edits = 1000, pricePerEdit = 0.45, currency = 'USD', photosUsed = 600 } = options;
  const form = contractFormOf({
    number_of_edits: edits,
    price_per_edit: pricePerEdit,
    crop: 0.02,
    straightening: 0.02,
    subject_mask: 0.05,
    smooth_skin: 0.05,
    currency,
    country: 'US',
  });
  const summary = yearlySummary(form);
  const start = addDays(addMonths(todayUtc(), -(month - 1)), -3);
  const [row] = await db
    .insert(contracts)
    .values({
      customerId,
      state: 'ACTIVE',
      startDate: start,
      endDate: addMonths(start, 12),
      ...termsOf(form),
      discountBasisPoints: Math.round(summary.discount_percent * 100),
      monthlyPayment: summary.monthly_payment,
      yearlyTotal: summary.yearly_total,
    })
    .returning();
  if (!row) throw new Error('contract not inserted');
  await db.insert(contractPayments).values(
    summary.installments.slice(0, month).map((amount) => ({
      contractId: row.id,
      customerId,
      kind: 'INSTALLMENT' as const,
      amount,
      currency,
    })),
  );
  const perMonth = Math.floor(photosUsed / month);
  await db.insert(contractMonthlyUsage).values(
    Array.from({ length: month }, (_, index) => ({
      contractId: row.id,
      customerId,
      startingDate: addMonths(start, index),
      numberOfPhotos: index === month - 1 ? photosUsed - perMonth * (month - 1) : perMonth,
      crops: 3,
    })),
  );
  return { contract: row, summary, paid: summary.installments.slice(0, month).reduce((a, b) => a + b, 0) };
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
