import { and, eq, ne, sql } from 'drizzle-orm';
import { type Currency, formatMoney, money } from '../../domain/money';
import type { Refundable } from '../../domain/refunds';
import { currencyOf } from '../charges/invoices';
import type { Database } from '../db/client';
import { charges, customerCredits, customers, paymentAttempts, projects } from '../db/schema';
import { fail } from '../http/errors';
import { type Billing, paidFor, refundBlock } from './paid';

export type ProjectRecord = typeof projects.$inferSelect;
type LedgerRow = typeof charges.$inferSelect;

/** An editing project by id (404 for an unknown id or another kind). */
export async function findEditingProject(db: Database, projectId: number): Promise<ProjectRecord> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.kind, 'EDITING')));
  if (!project) throw fail('project_not_found');
  return project;
}

/** An editing project locked for this transaction: every refund of it is summed and written one at a time. */
export async function lockEditingProject(db: Database, projectId: number): Promise<ProjectRecord> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.kind, 'EDITING')))
    .for('update');
  if (!project) throw fail('project_not_found');
  return project;
}

const sum = (column: Parameters<typeof sql>[1]) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * What the project is refunded so far, in minor units: card refunds (REFUND ledger rows), credit refunds (credits
 * of source REFUND) and card refunds in flight (pending refund attempts; `ownKey`'s own attempt, being retried,
 * excluded). The caller holds the project's lock.
 */
export async function refundedOf(db: Database, projectId: number, ownKey: string | null = null): Promise<number> {
  const [card] = await db
    .select({ total: sum(charges.amount) })
    .from(charges)
    .where(and(eq(charges.projectId, projectId), eq(charges.kind, 'REFUND'), eq(charges.status, 'SUCCEEDED')));
  const [credit] = await db
    .select({ total: sum(customerCredits.amount) })
    .from(customerCredits)
    .where(and(eq(customerCredits.projectId, projectId), eq(customerCredits.source, 'REFUND')));
  const pendingWhere = and(
    eq(paymentAttempts.projectId, projectId),
    eq(paymentAttempts.operation, 'refund'),
    eq(paymentAttempts.state, 'pending'),
  );
  const [pending] = await db
    .select({ total: sum(paymentAttempts.amount) })
    .from(paymentAttempts)
    .where(ownKey === null ? pendingWhere : and(pendingWhere, ne(paymentAttempts.providerKey, ownKey)));
  return (card?.total ?? 0) + (credit?.total ?? 0) + (pending?.total ?? 0);
}

/** The ledger row that billed a project (null: none), as far as paying for it goes. */
export async function billingOf(db: Database, project: ProjectRecord): Promise<Billing | null> {
  if (project.chargeId === null) return null;
  const [charge] = await db
    .select({ kind: charges.kind, status: charges.status, amount: charges.amount })
    .from(charges)
    .where(eq(charges.id, project.chargeId));
  return charge ?? null;
}

/** The card charge that billed a project, when a refund can go back to it (a succeeded charge the provider knows). */
export async function billingCharge(db: Database, project: ProjectRecord): Promise<LedgerRow | null> {
  if (project.chargeId === null) return null;
  const [charge] = await db.select().from(charges).where(eq(charges.id, project.chargeId));
  if (charge?.kind !== 'CHARGE' || charge.status !== 'SUCCEEDED' || !charge.providerChargeId) return null;
  return charge;
}

/** What is left of a card charge to refund (it may have billed more than this project), in flight included. */
export async function chargeRest(db: Database, charge: LedgerRow, ownKey: string | null): Promise<number> {
  const [done] = await db
    .select({ total: sum(charges.amount) })
    .from(charges)
    .where(and(eq(charges.refundOf, charge.id), eq(charges.kind, 'REFUND'), eq(charges.status, 'SUCCEEDED')));
  const pendingWhere = and(
    eq(paymentAttempts.refundOf, charge.id),
    eq(paymentAttempts.operation, 'refund'),
    eq(paymentAttempts.state, 'pending'),
  );
  const [pending] = await db
    .select({ total: sum(paymentAttempts.amount) })
    .from(paymentAttempts)
    .where(ownKey === null ? pendingWhere : and(pendingWhere, ne(paymentAttempts.providerKey, ownKey)));
  return charge.amount - (done?.total ?? 0) - (pending?.total ?? 0);
}

/** The currency a project's amounts are in: its charge's, else the customer's. */
export async function projectCurrency(db: Database, project: ProjectRecord): Promise<Currency> {
  if (project.chargeId !== null) {
    const [charge] = await db
      .select({ currency: charges.currency })
      .from(charges)
      .where(eq(charges.id, project.chargeId));
    if (charge) return currencyOf(charge.currency);
  }
  const [customer] = await db
    .select({ currency: customers.currency })
    .from(customers)
    .where(eq(customers.id, project.customerId));
  return currencyOf(customer?.currency ?? 'USD');
}

/** Why the card cannot take a refund of this project (null: it can). */
export function cardReason(charge: LedgerRow | null): string | null {
  return charge ? null : 'No card charge billed this project: refund it as credit';
}

/** The refundable summary the form and the answer show. */
export async function refundableOf(db: Database, project: ProjectRecord, ownKey: string | null = null) {
  const currency = await projectCurrency(db, project);
  const refunded = await refundedOf(db, project.id, ownKey);
  const charge = await billingCharge(db, project);
  const billing = await billingOf(db, project);
  const paid = paidFor(project, billing);
  const rest = Math.max(0, paid - refunded);
  const reason = refundBlock(project, billing, refunded);
  const summary: Refundable = {
    project_id: project.id,
    project_name: project.name,
    currency,
    charged: money(project.totalCharge, currency),
    paid: money(paid, currency),
    refunded: money(refunded, currency),
    refundable: money(rest, currency),
    card: { available: charge !== null, reason: cardReason(charge) },
    reason,
  };
  return { summary, currency, refunded, charge, billing, rest, reason };
}

/** The 422 on `amount` naming the limit: ≤ 0, or more than is left (of the project, or of the card charge). */
export function amountError(minor: number, rest: number, currency: Currency, of: 'project' | 'charge') {
  const left = formatMoney(money(rest, currency));
  const detail =
    minor <= 0
      ? `amount: must be more than 0 (at most ${left} is left to refund)`
      : of === 'project'
        ? `amount: at most ${left} is left to refund of this project`
        : `amount: at most ${left} is left of the card charge that billed this project; refund the rest as credit`;
  return fail('refund_amount_invalid', { field: 'amount', detail });
}
