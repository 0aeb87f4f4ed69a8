import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand, disabled, enabled } from '../define';
import { loadRetryPreview, retryViews } from './retry-preview';

export default defineCommand({
  id: 'charges.retry-charge',
  title: 'Retry failed charge',
  group: 'Customer',
  permission: 'charge_and_unsuspend',
  target: 'user',
  keywords: ['retry', 'charge', 'failed', 'payment', 'card', 'declined', 'money'],
  confirm: 'money',
  consequence: (target) =>
    `${target.name}’s card on file is charged the failed amount now. If it is declined again, the reason and the retry count are updated.`,
  available: (target) =>
    target.row && !target.row.charge_failed ? disabled('This customer has no failed charge to retry') : enabled,
  preview: { load: ({ target, signal }) => loadRetryPreview(target.id, false, signal) },
  run: ({ target, idempotencyKey, signal }) =>
    call(api.charges.retryCharge, { params: { user_id: target.id } }, { idempotencyKey, signal }),
  revalidates: retryViews,
  successMessage: ({ target }) => `Charged: ${target.name}’s failed charge is paid`,
});
