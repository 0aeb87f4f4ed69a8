import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { api } from '../../domain/api';
import { refundRequestArgs } from '../../domain/approvals';
import type { Currency } from '../../domain/money';
import type { giveCreditBody } from '../../domain/user-actions';
import { approvalRequests, customers } from '../db/schema';
import { fail, isApiError } from '../http/errors';
import type { StaffCallContext } from '../http/handler';
import { handleRefund } from '../payments/handle-payment';
import { prepareRefund, type RefundContext, type RefundPlan, recordRefund } from '../projects/refund';
import { writeCredit } from '../users/actions/give-credit';
import { describeOne, lockRequest, lockUndecided, staffById } from './requests';

type ApproveContext = StaffCallContext<typeof api.approvals.approve>;
type Approval = { id: number; kind: 'credit' } | { id: number; kind: 'refund'; refund: RefundPlan };

/** The refund call's context for a request's stored arguments, acted by the approver. */
function refundContextOf(context: ApproveContext, args: unknown): RefundContext {
  const { project_id, ...body } = refundRequestArgs.parse(args);
  return { ...context, params: { project_id }, body } as unknown as RefundContext;
}

/** A credit request: under the request's lock, the credit in the requester's name, once, and the decision. */
async function approveCredit(context: ApproveContext, id: number) {
  const { db, staff } = context;
  const row = await lockUndecided(db, id, staff);
  const [record] = await db.select().from(customers).where(eq(customers.id, row.customerId)).for('update');
  if (!record) throw fail('customer_not_found');
  const requester = await staffById(db, row.requestedBy);
  const args = row.args as z.output<typeof giveCreditBody>;
  const credit = await writeCredit(db, record, row.currency as Currency, args, requester, staff);
  const [decided] = await db
    .update(approvalRequests)
    .set({ status: 'APPROVED', decidedBy: staff.id, creditId: credit.id, decidedAt: sql`now()` })
    .where(eq(approvalRequests.id, id))
    .returning();
  if (!decided) throw new Error('approval request changed under its lock');
  return describeOne(db, decided);
}

/**
 * POST approvals/:id/approve, a money call (Idempotency-Key) through the payment pipeline:
 * - a credit: step 1 only checks (403 own, 409 decided, 410 expired); step 3 takes the request's lock again and
 *   writes the credit once, so the second of two racing approvers is answered 409 there;
 * - a card refund: step 1, under the request's lock, prepares the refund from the stored arguments (the project's
 *   lock, its rest, the card's rest) and marks the request approved with its provider key, committed with the
 *   pending attempt: a second approver is refused (409) from then on. The provider refunds once per key; step 3
 *   writes the ledger row and the credit note. Refused by the provider: nothing moved and the request waits again.
 */
export const approve = handleRefund(api.approvals.approve, {
  prepare: async (context, { providerKey }) => {
    const { db, params, staff } = context;
    const row = await lockUndecided(db, params.approval_id, staff, providerKey);
    if (row.kind !== 'refund') return { charge: null, refund: null, data: { id: row.id, kind: 'credit' } as Approval };
    const plan = await prepareRefund(refundContextOf(context, row.args), providerKey, true);
    await db
      .update(approvalRequests)
      .set({ status: 'APPROVED', decidedBy: staff.id, decidedAt: sql`now()`, providerKey })
      .where(eq(approvalRequests.id, row.id));
    return { ...plan, data: { id: row.id, kind: 'refund', refund: plan.data } as Approval };
  },
  record: async (context, approval, outcome) => {
    if (approval.kind === 'credit') return approveCredit(context, approval.id);
    const { db } = context;
    const row = await lockRequest(db, approval.id);
    try {
      const answer = await recordRefund(refundContextOf(context, row.args), approval.refund, outcome);
      const [done] = await db
        .update(approvalRequests)
        .set({ ledgerId: answer.refund.ledger_id })
        .where(eq(approvalRequests.id, row.id))
        .returning();
      return describeOne(db, done ?? row);
    } catch (error) {
      // Refused by the provider (kept: the timeline's note): the request waits for a decision again.
      if (isApiError(error) && error.keepChanges) {
        await db
          .update(approvalRequests)
          .set({ status: 'PENDING', decidedBy: null, decidedAt: null, providerKey: null })
          .where(eq(approvalRequests.id, row.id));
      }
      throw error;
    }
  },
});
