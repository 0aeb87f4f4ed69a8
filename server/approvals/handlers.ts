import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type Currency, formatMoney, money } from '../../domain/money';
import { roles } from '../../domain/roles';
import type { Database } from '../db/client';
import { approvalRequests, approvalThresholds } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import type { RegisteredHandler } from '../http/register';
import { refundThresholdFor } from '../projects/refund';
import { amountError, findEditingProject, refundableOf } from '../projects/refundable';
import { approvalThresholdFor, creditCurrency } from '../users/actions/give-credit';
import { findCustomer } from '../users/customer-records';
import { approve } from './approve';
import { describe, describeOne, lockUndecided } from './requests';

const unitsOf = (minor: number | null | undefined) => (minor === undefined || minor === null ? null : minor / 100);
const minorOf = (units: number) => Math.round(units * 100);

async function thresholds(db: Database) {
  const rows = await db.select().from(approvalThresholds);
  const byRole = new Map(rows.map((row) => [row.role, row]));
  return roles.map((role) => ({
    role,
    credit_above: unitsOf(byRole.get(role)?.creditAboveMinor),
    refund_above: unitsOf(byRole.get(role)?.refundAboveMinor),
  }));
}

export const getThresholds = handle(api.approvals.thresholds, async ({ db }) => thresholds(db));

export const setThresholds = handle(api.approvals.setThresholds, async ({ db, body, staff }) => {
  for (const entry of body.thresholds) {
    const credit = entry.credit_above === null ? null : minorOf(entry.credit_above);
    // Left out: the refund threshold stays as it is (bodies written before it existed keep their meaning).
    const refund =
      entry.refund_above === undefined ? {} : { refundAboveMinor: entry.refund_above && minorOf(entry.refund_above) };
    await db
      .insert(approvalThresholds)
      .values({ role: entry.role, creditAboveMinor: credit, ...refund, updatedBy: staff.id })
      .onConflictDoUpdate({
        target: approvalThresholds.role,
        set: { creditAboveMinor: credit, ...refund, updatedBy: staff.id, updatedAt: sql`now()` },
      });
  }
  return thresholds(db);
});

/** 400 on `amount` when the role needs no approval for this amount: there is nothing to approve. */
function nothingToApprove(threshold: number | null, minor: number, currency: Currency, what: 'credit' | 'refund') {
  if (threshold !== null && minor > threshold) return;
  const direct = what === 'credit' ? 'gives credit directly' : 'refunds to the card directly';
  throw fail('validation_failed', {
    field: 'amount',
    detail:
      threshold === null
        ? `amount: your role needs no approval for ${what === 'credit' ? 'credits; give it' : 'card refunds; refund it'} directly`
        : `amount: up to ${formatMoney(money(threshold, currency))} your role ${direct}; no approval needed`,
  });
}

async function insertRequest(db: Database, values: Omit<typeof approvalRequests.$inferInsert, 'expiresAt'>) {
  const [row] = await db
    .insert(approvalRequests)
    .values({ ...values, expiresAt: sql`now() + interval '24 hours'` })
    .returning();
  if (!row) throw new Error('approval request not inserted');
  return describeOne(db, row);
}

export const requestApproval = handle(api.approvals.request, async ({ db, body, staff, can }) => {
  const { user_id: customerId, ...args } = body;
  const record = await findCustomer(db, customerId);
  const currency = creditCurrency(record);
  const minor = minorOf(args.amount);
  nothingToApprove(await approvalThresholdFor(db, staff.role), minor, currency, 'credit');
  if (!can('give_credit')) {
    throw fail('forbidden', { detail: 'Your role may give only capped credit; a request cannot lift the cap' });
  }
  return insertRequest(db, {
    kind: 'credit',
    customerId: record.id,
    args,
    amountMinor: minor,
    currency,
    requestedBy: staff.id,
  });
});

/**
 * A card refund above the caller's threshold, kept as confirmed: the same checks as the refund's own (the project's
 * rest, a card to refund to), without locks; the approval checks again under them.
 */
export const requestRefundApproval = handle(api.approvals.requestRefund, async ({ db, body, staff }) => {
  if (body.to !== 'card') {
    throw fail('validation_failed', { field: 'to', detail: 'to: refunds as credit need no approval; refund directly' });
  }
  const project = await findEditingProject(db, body.project_id);
  const state = await refundableOf(db, project);
  if (state.reason !== null) throw fail('project_not_refundable', { detail: state.reason });
  const minor = minorOf(body.amount);
  if (minor <= 0 || minor > state.rest) throw amountError(minor, state.rest, state.currency, 'project');
  if (!state.charge?.providerChargeId) throw fail('refund_card_unavailable', { field: 'to' });
  nothingToApprove(await refundThresholdFor(db, staff.role), minor, state.currency, 'refund');
  return insertRequest(db, {
    kind: 'refund',
    customerId: project.customerId,
    projectId: project.id,
    args: body,
    amountMinor: minor,
    currency: state.currency,
    requestedBy: staff.id,
  });
});

export const listApprovals = handle(api.approvals.list, async ({ db, staff }) => {
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(
      or(
        and(eq(approvalRequests.status, 'PENDING'), gt(approvalRequests.expiresAt, sql`now()`)),
        and(
          eq(approvalRequests.requestedBy, staff.id),
          gt(approvalRequests.createdAt, sql`now() - interval '24 hours'`),
        ),
      ),
    )
    .orderBy(asc(approvalRequests.createdAt), asc(approvalRequests.id))
    .limit(200);
  return describe(db, rows);
});

export const reject = handle(api.approvals.reject, async ({ db, params, body, staff }) => {
  const row = await lockUndecided(db, params.approval_id, staff);
  const [decided] = await db
    .update(approvalRequests)
    .set({ status: 'REJECTED', decidedBy: staff.id, reason: body.reason, decidedAt: sql`now()` })
    .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'PENDING')))
    .returning();
  if (!decided) throw new Error('approval request changed under its lock');
  return describeOne(db, decided);
});

export const approvalHandlers: readonly RegisteredHandler[] = [
  getThresholds,
  setThresholds,
  requestApproval,
  requestRefundApproval,
  listApprovals,
  approve,
  reject,
];
