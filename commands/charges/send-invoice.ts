import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { chargeChoice, chargeField, invoiceViews, resolveChargeId } from './charge-choice';

export default defineCommand({
  id: 'charges.send-invoice',
  title: 'Send invoice to customer',
  group: 'Customer',
  permission: 'invoices',
  target: 'user',
  keywords: ['invoice', 'receipt', 'email', 'mail', 'send', 'pdf'],
  params: { schema: chargeChoice, fields: { charge_id: chargeField } },
  confirm: false,
  consequence: (target) => `${target.email ?? target.name} (and their cc addresses) get the invoice PDF by e-mail.`,
  run: async ({ target, params, signal }) => {
    const chargeId = await resolveChargeId(target.id, params.charge_id, signal);
    return call(api.charges.sendInvoice, { params: { id: chargeId } }, { signal });
  },
  revalidates: invoiceViews,
  successMessage: ({ target }) => `Invoice sent to ${target.email ?? target.name}`,
});
