import { z } from 'zod';
import { defineArea, get, idParam, post, put } from './endpoint';
import { moneySchema } from './money';
import { refundBody, refundReasons } from './refunds';
import { roles } from './roles';
import { giveCreditBody, giveCreditReasons } from './user-actions';

/** How long an approval request may wait for a second person (issue 22, item 5). */
export const approvalLifetimeHours = 24;

/**
 * Per role: the credit above which a second person must approve (units of the customer's currency), and the card
 * refund above which one must (units of the project's currency); null: none needed.
 */
export const approvalThresholdSchema = z.object({
  role: z.enum(roles),
  credit_above: z.number().nullable(),
  refund_above: z.number().nullable(),
});

/** What a card refund request keeps: the refund's body as confirmed, with its project. */
export const refundRequestArgs = refundBody.extend({ project_id: idParam }).strict();

export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** An approval request's state, as a person reads it. */
export const approvalStatusLabels: Record<ApprovalStatus, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
};

export const approvalRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(['credit', 'refund']),
  user_id: z.number(),
  /** A card refund's project; null for a credit. */
  project_id: z.number().nullable(),
  customer_name: z.string(),
  requested_by: z.number(),
  requested_by_name: z.string(),
  value: moneySchema,
  args: z.union([giveCreditBody, refundRequestArgs]),
  status: z.enum(approvalStatuses),
  decided_by: z.number().nullable(),
  decided_by_name: z.string().nullable(),
  reason: z.string().nullable(),
  credit_id: z.number().nullable(),
  /** An approved card refund's ledger row. */
  ledger_id: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});

export type ApprovalRequest = z.output<typeof approvalRequestSchema>;
export type ApprovalKind = ApprovalRequest['kind'];

/** What a request asks for, as a person reads it. */
export const approvalKindLabels: Record<ApprovalKind, string> = { credit: 'Credit', refund: 'Card refund' };

/** A request's reason code as its label ("Added a review"), from its kind's list. */
export function approvalReasonLabel(kind: ApprovalKind, reason: string): string {
  const options: readonly { value: string; label: string }[] = kind === 'refund' ? refundReasons : giveCreditReasons;
  return options.find((option) => option.value === reason)?.label ?? reason;
}

const requestBody = giveCreditBody.extend({ user_id: idParam }).strict();
const approvalParams = z.object({ approval_id: idParam });
const rejectBody = z
  .object({ reason: z.string().trim().min(3, 'say why, in at least 3 characters').max(500) })
  .strict();
const thresholdsBody = z
  .object({
    thresholds: z
      .array(
        z
          .object({
            role: z.enum(roles, { error: 'one of the staff roles' }),
            credit_above: z.number().positive('must be more than 0').max(1_000_000).nullable(),
            /** Left out: unchanged. */
            refund_above: z.number().positive('must be more than 0').max(1_000_000).nullable().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(roles.length),
  })
  .strict();

const approvalTarget = { kind: 'approval', param: 'approval_id' } as const;

export const approvals = defineArea('approvals', {
  thresholds: get('approval_thresholds', {
    summary: 'Per role: the credit above which a second person must approve (null: no approval needed)',
    permission: ['give_credit', 'give_credit_capped', 'refund'],
    answer: z.array(approvalThresholdSchema),
  }),
  setThresholds: put('approval_thresholds', {
    summary: 'Set the per-role approval thresholds (admins only)',
    permission: 'assign_roles',
    body: thresholdsBody,
    answer: z.array(approvalThresholdSchema),
  }),
  request: post('approvals', {
    summary: 'Ask a second person to approve a credit above the caller’s threshold (kept 24 hours)',
    permission: ['give_credit', 'give_credit_capped'],
    body: requestBody,
    answer: approvalRequestSchema,
    target: { kind: 'customer', param: 'user_id', in: 'body' },
  }),
  requestRefund: post('approvals/refunds', {
    summary: 'Ask a second person to approve a card refund above the caller’s threshold (kept 24 hours)',
    permission: 'refund',
    body: refundRequestArgs,
    answer: approvalRequestSchema,
    target: { kind: 'project', param: 'project_id', in: 'body' },
  }),
  list: get('approvals', {
    summary: 'Pending approval requests, oldest first, and the caller’s own of the last 24 hours',
    permission: ['give_credit', 'give_credit_capped', 'refund'],
    answer: z.array(approvalRequestSchema),
  }),
  approve: post('approvals/:approval_id/approve', {
    summary: 'Approve a request of someone else: runs its arguments exactly once (a card refund through the provider)',
    permission: 'refund',
    params: approvalParams,
    answer: approvalRequestSchema,
    money: true,
    target: approvalTarget,
  }),
  reject: post('approvals/:approval_id/reject', {
    summary: 'Reject a request of someone else, with a reason',
    permission: 'refund',
    params: approvalParams,
    body: rejectBody,
    answer: approvalRequestSchema,
    target: approvalTarget,
  }),
});
