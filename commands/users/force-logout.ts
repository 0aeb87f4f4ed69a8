import { api } from '../../domain/api';
import { reasonBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'user.force-logout',
  title: 'Force logout',
  group: 'Customer',
  permission: 'force_logout',
  target: 'user',
  keywords: ['sign out', 'logout', 'log out', 'kick out', 'sessions', 'devices', 'revoke'],
  params: {
    schema: reasonBody,
    fields: { reason: { kind: 'textarea', label: 'Reason', placeholder: 'Why they must sign in again' } },
  },
  confirm: 'destructive',
  consequence: (target) => `${target.name} is signed out on every device and must sign in again.`,
  run: ({ target, params, signal }) =>
    call(api.userActions.forceLogout, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [api.userDetails.activity, api.userDetails.audit],
  bulk: 'force_logout',
  successMessage: ({ target }) => `${target.name} is signed out everywhere`,
});
