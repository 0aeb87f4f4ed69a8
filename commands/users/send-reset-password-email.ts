import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'user.send-reset-password-email',
  title: 'Send reset-password e-mail',
  group: 'Customer',
  permission: 'reset_password',
  target: 'user',
  shortcut: 'Shift+R',
  keywords: ['password', 'reset', 'forgot', 'link', 'sign in'],
  confirm: false,
  consequence: (target) =>
    `${target.name} gets an e-mail${target.email ? ` at ${target.email}` : ''} with a link to set a new password.`,
  run: ({ target, signal }) =>
    call(api.userActions.sendResetPasswordEmail, { params: { user_id: target.id } }, { signal }),
  revalidates: [api.userDetails.activity, api.userDetails.audit],
  bulk: 'send_reset_password_email',
  successMessage: ({ target }) => `Reset-password e-mail sent to ${target.email ?? target.name}`,
});
