import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { approvalField, approvalIdForm, approvalPreview, approvalViews } from './approval-field';

export default defineCommand({
  id: 'approvals.approve',
  title: 'Approve request',
  group: 'Operations',
  permission: 'refund',
  target: 'none',
  keywords: ['approve', 'approval', 'second person', 'request', 'credit', 'refund', 'allow'],
  params: { schema: approvalIdForm, fields: { approval_id: approvalField } },
  confirm: 'money',
  consequence: () => 'Runs the request exactly as it was asked for, once; the requester hears of it at once.',
  preview: { load: ({ params, signal }) => approvalPreview(params.approval_id, signal) },
  run: ({ params, idempotencyKey, signal }) =>
    call(api.approvals.approve, { params: { approval_id: params.approval_id } }, { idempotencyKey, signal }),
  revalidates: approvalViews,
  outcome: {
    checking: 'the request was approved',
    done: 'Approved',
    notDone: 'Not approved',
    record: (answer) => {
      const approved = answer as { decided_at?: string; credit_id?: number | null; ledger_id?: number | null };
      return { at: approved.decided_at, id: approved.credit_id ?? approved.ledger_id };
    },
  },
  successMessage: () => 'Approved: the requester hears of it now',
});
