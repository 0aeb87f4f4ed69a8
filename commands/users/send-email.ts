import { api } from '../../domain/api';
import { customerEmailTemplates, sendEmailBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'user.send-email',
  title: 'Send e-mail',
  group: 'Customer',
  permission: 'send_emails',
  target: 'user',
  keywords: ['email', 'mail', 'template', 'message', 'contact'],
  params: {
    schema: sendEmailBody,
    fields: {
      template: {
        kind: 'select',
        label: 'Template',
        placeholder: 'Choose a template…',
        options: customerEmailTemplates,
      },
      note: { kind: 'textarea', label: 'Note', placeholder: 'Optional: a personal line added to the e-mail' },
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.userActions.sendEmail, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [api.userDetails.activity, api.userDetails.audit],
  bulk: 'send_email',
  successMessage: ({ target }) => `E-mail sent to ${target.email ?? target.name}`,
});
