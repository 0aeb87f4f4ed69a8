import { eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type Currency, formatMoney, money } from '../../domain/money';
import { type RefundBody, type RefundDestination, refundDestinationLabels, refundReasons } from '../../domain/refunds';
import { invoiceNumber, isInvoiceable, issueInvoice, lockCharge } from '../charges/invoices';
import type { Database } from '../db/client';
import { approvalThresholds, customerCredits, profiles } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import type { StaffCallContext } from '../http/handler';
import { handle } from '../http/handler';
import { otherPaymentPending } from '../payments/attempts';
import { handleRefund, type PaymentPlan, type RefundOutcome } from '../payments/handle-payment';
import { recordStaffAction } from '../users/customer-records';
import {
  amountError,
  billingCharge,
  chargeRest,
  findEditingProject,
  lockEditingProject,
  type ProjectRecord,
  refundableOf,
} from './refundable';
import { editingProjectRow } from './rows';

export type RefundContext = StaffCallContext<typeof api.refunds.refund>;

export interface RefundPlan {
  projectId: number;
  customerId: number;
  amount: number;
  currency: Currency;
  to: RefundDestination;
  reason: string;
  description: string;
  providerKey: string;
}

const reasonLabel = (value: string) => refundReasons.find((reason) => reason.value === value)?.label ?? value;
const minorOf = (amount: number) => Math.round(amount * 100);

/** Checks the amount against what is left, under the project's lock: 422 on `amount` naming the limit. */
async function checkedRest(context: RefundContext, project: ProjectRecord, ownKey: string) {
  const { db, body } = context;
  const state = await refundableOf(db, project, ownKey);
  if (state.reason !== null) throw fail('project_not_refundable', { detail: state.reason });
  const minor = minorOf(body.amount);
  if (minor <= 0 || minor > state.rest) throw amountError(minor, state.rest, state.currency, 'project');
  return { ...state, minor };
}

/** The card refund above which the role needs a second person (minor units of the project's currency), or null. */
export async function refundThresholdFor(db: Database, role: string): Promise<number | null> {
  const [row] = await db
    .select({ above: approvalThresholds.refundAboveMinor })
    .from(approvalThresholds)
    .where(eq(approvalThresholds.role, role));
  return row?.above ?? null;
}

/** 403 `approval_required` on `amount` for a card refund above the caller's threshold (nothing written). */
async function refuseAboveThreshold(db: Database, role: string, minor: number, currency: Currency): Promise<void> {
  const threshold = await refundThresholdFor(db, role);
  if (threshold === null || minor <= threshold) return;
  throw fail('approval_required', {
    field: 'amount',
    detail: `amount: card refunds above ${formatMoney(money(threshold, currency))} need a second person’s approval for your role; request approval`,
  });
}

/**
 * Step 1, in a transaction holding the project's row lock: the amount against the refundable rest (refunds done and
 * in flight), then for the card the rest of the billing charge too, and the caller's approval threshold (unless a
 * second person `approved` it: server/approvals/approve.ts). A card refund becomes the pipeline's refund (a
 * pending attempt naming the project, committed before the provider is called); a credit refund moves no card.
 */
export async function prepareRefund(
  context: RefundContext,
  providerKey: string,
  approved = false,
): Promise<PaymentPlan<RefundPlan>> {
  const { db, params, body } = context;
  const project = await lockEditingProject(db, params.project_id);
  const { minor, currency, charge } = await checkedRest(context, project, providerKey);
  const plan: RefundPlan = {
    projectId: project.id,
    customerId: project.customerId,
    amount: minor,
    currency,
    to: body.to,
    reason: body.reason,
    description: body.description ?? '',
    providerKey,
  };
  if (body.to === 'credit') return { charge: null, refund: null, data: plan };
  if (!charge?.providerChargeId) throw fail('refund_card_unavailable', { field: 'to' });
  const left = await chargeRest(db, charge, providerKey);
  if (minor > left) throw amountError(minor, left, currency, 'charge');
  if (!approved) await refuseAboveThreshold(db, context.staff.role, minor, currency);
  return {
    charge: null,
    refund: {
      customerId: project.customerId,
      amount: minor,
      currency: charge.currency,
      purpose: 'PROJECT_REFUND',
      description: `Refund of project ${project.name} (#${project.id}): ${reasonLabel(body.reason)}`,
      refundOf: charge.id,
      providerChargeId: charge.providerChargeId,
      projectId: project.id,
    },
    data: plan,
  };
}

/** The project's row as the Projects tab shows it, after the refund. */
async function projectRow(context: RefundContext, project: ProjectRecord) {
  const { db, can } = context;
  const [profile] = project.profileId
    ? await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, project.profileId))
    : [];
  const charge = await billingCharge(db, project);
  const state = await refundableOf(db, project);
  return editingProjectRow(project, {
    currency: state.currency,
    billing: state.billing,
    refunded: state.refunded,
    profileName: profile?.name ?? null,
    invoice: charge && isInvoiceable(charge) ? { charge_id: charge.id, number: invoiceNumber(charge) } : null,
    can,
  });
}

/**
 * Step 3, in the transaction that also writes the ledger row, the audit row and the stored answer. Card: the
 * REFUND ledger row is written by the pipeline; here the charge's invoice gets its next version with the credit
 * note. Refused by the provider: no ledger row, no credit, a 402 (the attempt closed and a timeline note kept).
 * Credit: under the project's lock again, with no card refund of the customer in flight, the rest is checked again
 * (another refund may have committed since step 1) and the credit row written, naming the project.
 */
export async function recordRefund(context: RefundContext, plan: RefundPlan, outcome: RefundOutcome) {
  const { db, staff } = context;
  const project = await lockEditingProject(db, plan.projectId);
  const amountText = formatMoney(money(plan.amount, plan.currency));
  const facts = [
    { label: 'Project', value: `${project.name} (#${project.id})` },
    { label: 'Amount', value: amountText },
    { label: 'To', value: refundDestinationLabels[plan.to] },
    { label: 'Reason', value: reasonLabel(plan.reason) },
    ...(plan.description ? [{ label: 'Description', value: plan.description }] : []),
  ];
  if (outcome.status === 'refund_declined') {
    await recordStaffAction(db, plan.customerId, staff, 'Project refund refused by the provider', [
      ...facts,
      { label: 'Provider', value: outcome.message },
    ]);
    throw fail('refund_declined', {
      detail: `The payment provider refused the refund: ${outcome.message}. Nothing was refunded.`,
      keepChanges: true,
    });
  }
  let ledgerId: number | null = null;
  let creditId: number | null = null;
  let invoice: { charge_id: number; number: string; version: number } | null = null;
  let date = new Date().toISOString();
  if (plan.to === 'card') {
    if (outcome.status !== 'refunded') throw new Error('a card refund always reaches the provider');
    ledgerId = outcome.refund.id;
    date = isoTimestamp(outcome.refund.createdAt);
    const charge = await lockCharge(db, outcome.refund.refundOf ?? 0);
    const version = await issueInvoice(db, charge, staff.id);
    invoice = { charge_id: charge.id, number: version.number, version: version.version };
    facts.push({ label: 'Credit note', value: `${version.number} version ${version.version}` });
  } else {
    if (await otherPaymentPending(db, plan.customerId, plan.providerKey)) throw fail('payment_in_progress');
    const state = await refundableOf(db, project);
    if (plan.amount > state.rest) throw amountError(plan.amount, state.rest, state.currency, 'project');
    const [credit] = await db
      .insert(customerCredits)
      .values({
        customerId: plan.customerId,
        amount: plan.amount,
        currency: plan.currency,
        reason: plan.reason,
        description: plan.description || `Refund of project ${project.name} (#${project.id})`,
        source: 'REFUND',
        staffId: staff.id,
        projectId: project.id,
      })
      .returning();
    if (!credit) throw new Error('credit not written');
    creditId = credit.id;
    date = isoTimestamp(credit.createdAt);
  }
  await recordStaffAction(
    db,
    plan.customerId,
    staff,
    `Project refunded ${plan.to === 'card' ? 'to the card' : 'as credit'}`,
    facts,
  );
  return {
    refund: {
      project_id: project.id,
      to: plan.to,
      amount: money(plan.amount, plan.currency),
      currency: plan.currency,
      reason: plan.reason as RefundBody['reason'],
      description: plan.description,
      date,
      ledger_id: ledgerId,
      invoice,
      credit_id: creditId,
    },
    project: await projectRow(context, project),
    refundable: (await refundableOf(db, project)).summary,
  };
}

/** POST projects/editing/{id}/refund: money back to the card or as credit, exactly once per Idempotency-Key. */
export const refundProject = handleRefund(api.refunds.refund, {
  prepare: (context, payment) => prepareRefund(context, payment.providerKey),
  record: (context, plan, outcome) => recordRefund(context, plan, outcome),
});

/** GET projects/editing/{id}/refundable: what was charged, refunded and is left, and whether the card can take it. */
export const getRefundable = handle(api.refunds.refundable, async ({ db, params }) => {
  const project = await findEditingProject(db, params.project_id);
  return (await refundableOf(db, project)).summary;
});

/** GET refund_possible_reasons: the spec's list. */
export const getRefundReasons = handle(api.refunds.reasons, async () =>
  refundReasons.map(({ value, label }) => ({ value, label })),
);
