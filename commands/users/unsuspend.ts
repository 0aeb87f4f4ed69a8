import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand, enabled, hidden } from '../define';
import { customerRowViews } from './customer-views';

export default defineCommand({
  id: 'user.unsuspend',
  title: 'Unsuspend',
  group: 'Customer',
  permission: 'user_suspension',
  target: 'user',
  shortcut: 'Shift+U',
  keywords: ['reactivate', 'activate', 'unban', 'unblock', 'unlock', 'restore'],
  confirm: false,
  consequence: (target) => `${target.name}’s account becomes active again.`,
  available: (target) => (target.row && target.row.status !== 'SUSPENDED' ? hidden : enabled),
  run: ({ target, idempotencyKey, signal }) =>
    call(api.users.unsuspend, { params: { user_id: target.id } }, { idempotencyKey, signal }),
  revalidates: customerRowViews,
  bulk: 'unsuspend',
  successMessage: ({ target }) => `${target.name} is active again`,
});
