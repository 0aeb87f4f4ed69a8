import { api } from '../../domain/api';
import { sendPaymentLinkBody } from '../../domain/user-actions';
import { paymentLinkKinds, paymentLinkLabels } from '../../domain/user-details';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'user.send-payment-link',
  title: 'Send payment link',
  group: 'Customer',
  permission: 'send_payment_link',
  target: 'user',
  keywords: ['checkout', 'card', 'payment method', 'cancel subscription', 'e-mail'],
  params: {
    schema: sendPaymentLinkBody,
    fields: {
      link: {
        kind: 'select',
        label: 'Link',
        placeholder: 'Choose a link…',
        options: paymentLinkKinds.map((kind) => ({ value: kind, label: paymentLinkLabels[kind] })),
      },
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.userActions.sendPaymentLink, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [api.userDetails.activity, api.userDetails.audit],
  successMessage: ({ target, params }) =>
    `${paymentLinkLabels[params.link]} link sent to ${target.email ?? target.name}`,
});
