import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand, disabled, enabled, hidden } from '../define';
import { loadRetryPreview, retryViews } from './retry-preview';

export default defineCommand({
  id: 'charges.charge-and-unsuspend',
  title: 'Charge and unsuspend',
  group: 'Customer',
  permission: 'charge_and_unsuspend',
  target: 'user',
  keywords: ['charge', 'unsuspend', 'retry', 'failed', 'payment', 'reactivate', 'money'],
  confirm: 'money',
  consequence: (target) =>
    `${target.name}’s card on file is charged the failed amount now; only if it goes through does the account become active again.`,
  available: (target) => {
    if (!target.row) return enabled;
    if (target.row.status !== 'SUSPENDED') return hidden;
    return target.row.charge_failed ? enabled : disabled('This customer has no failed charge: use Unsuspend');
  },
  preview: { load: ({ target, signal }) => loadRetryPreview(target.id, true, signal) },
  run: ({ target, idempotencyKey, signal }) =>
    call(api.charges.chargeAndUnsuspend, { params: { user_id: target.id } }, { idempotencyKey, signal }),
  revalidates: retryViews,
  successMessage: ({ target }) => `Charged and unsuspended: ${target.name} is active again`,
});
