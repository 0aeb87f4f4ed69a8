import type { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { approvalField, approvalIdForm, approvalViews } from './approval-field';

const rejectForm = approvalIdForm.extend({ reason: api.approvals.reject.body.shape.reason });

export default defineCommand({
  id: 'approvals.reject',
  title: 'Reject request',
  group: 'Operations',
  permission: 'refund',
  target: 'none',
  keywords: ['reject', 'decline', 'deny', 'approval', 'second person', 'request', 'credit', 'refund'],
  params: {
    schema: rejectForm satisfies z.ZodObject,
    fields: {
      approval_id: approvalField,
      reason: {
        kind: 'textarea',
        label: 'Why not',
        placeholder: 'The requester reads this, e.g. “Over this month’s goodwill budget”',
      },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(
      api.approvals.reject,
      { params: { approval_id: params.approval_id }, body: { reason: params.reason } },
      { signal },
    ),
  revalidates: approvalViews,
  successMessage: () => 'Rejected: the requester hears of it now, with your reason',
});
