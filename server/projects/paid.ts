import type { projects } from '../db/schema';

type ProjectRecord = typeof projects.$inferSelect;

/** The ledger row that billed a project, as far as paying for it goes. */
export interface Billing {
  kind: 'CHARGE' | 'REFUND';
  status: 'SUCCEEDED' | 'FAILED';
  amount: number;
}

/**
 * What was actually paid for a project, in minor units: its total charge when it is marked paid and a succeeded
 * charge billed it (a subscription charge, a contract installment, a retry), at most that charge; otherwise 0 —
 * an unpaid, declined or never-billed project has nothing to give back.
 */
export function paidFor(project: Pick<ProjectRecord, 'totalCharge' | 'paid'>, billing: Billing | null): number {
  if (project.totalCharge <= 0 || !project.paid) return 0;
  if (billing?.kind !== 'CHARGE' || billing.status !== 'SUCCEEDED') return 0;
  return Math.min(project.totalCharge, billing.amount);
}

/**
 * Why a project cannot be refunded (null: it can): the one reason the row's REFUND action, the refundable preview
 * and the refund call's 409 all give. `refunded`: card and credit refunds so far, in flight included.
 */
export function refundBlock(
  project: Pick<ProjectRecord, 'totalCharge' | 'paid'>,
  billing: Billing | null,
  refunded: number,
): string | null {
  if (project.totalCharge <= 0) return 'Nothing was charged for this project';
  const paid = paidFor(project, billing);
  if (paid <= 0) return 'Its charge was not paid: there is nothing to refund';
  if (refunded >= paid) return 'It is refunded in full';
  return null;
}
