import { api } from '../../domain/api';
import { suspendBody, suspendReasons } from '../../domain/users';
import { call } from '../../src/http';
import { defineCommand, enabled, hidden } from '../define';
import { customerRowViews } from './customer-views';

export default defineCommand({
  id: 'user.suspend',
  title: 'Suspend',
  group: 'Customer',
  permission: 'user_suspension',
  target: 'user',
  shortcut: 'Shift+S',
  keywords: ['ban', 'block', 'lock', 'disable', 'deactivate', 'freeze'],
  params: {
    schema: suspendBody,
    fields: {
      reason: { kind: 'select', label: 'Reason', options: suspendReasons, placeholder: 'Choose a reason…' },
      description: {
        kind: 'textarea',
        label: 'Description',
        placeholder: 'What happened, for whoever reads this next',
      },
    },
  },
  confirm: 'destructive',
  consequence: (target) =>
    `${target.name}’s account becomes suspended until someone unsuspends it. The reason is kept in the audit log.`,
  available: (target) => (target.row?.status === 'SUSPENDED' ? hidden : enabled),
  run: ({ target, params, idempotencyKey, signal }) =>
    call(api.users.suspend, { params: { user_id: target.id }, body: params }, { idempotencyKey, signal }),
  revalidates: customerRowViews,
  bulk: 'suspend',
  successMessage: ({ target }) => `${target.name} is suspended`,
});
