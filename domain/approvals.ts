import { z } from 'zod';
import { defineArea, get, idParam, post, put } from './endpoint';
import { moneySchema } from './money';
import { roles } from './roles';
import { giveCreditBody } from './user-actions';

/** How long an approval request may wait for a second person (issue 22, item 5). */
export const approvalLifetimeHours = 24;

/** The per-role threshold above which a credit needs a second person, in units of the customer's currency. */
export const approvalThresholdSchema = z.object({
  role: z.enum(roles),
  credit_above: z.number().nullable(),
});

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
  kind: z.literal('credit'),
  user_id: z.number(),
  customer_name: z.string(),
  requested_by: z.number(),
  requested_by_name: z.string(),
  value: moneySchema,
  args: giveCreditBody,
  status: z.enum(approvalStatuses),
  decided_by: z.number().nullable(),
  decided_by_name: z.string().nullable(),
  reason: z.string().nullable(),
  credit_id: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});

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
  list: get('approvals', {
    summary: 'Pending approval requests, oldest first, and the caller’s own of the last 24 hours',
    permission: ['give_credit', 'give_credit_capped', 'refund'],
    answer: z.array(approvalRequestSchema),
  }),
  approve: post('approvals/:approval_id/approve', {
    summary: 'Approve a request of someone else: runs its arguments exactly once',
    permission: 'refund',
    params: approvalParams,
    answer: approvalRequestSchema,
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
