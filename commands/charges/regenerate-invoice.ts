import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { chargeChoice, chargeField, invoiceViews, resolveChargeId } from './charge-choice';

export default defineCommand({
  id: 'charges.regenerate-invoice',
  title: 'Regenerate invoice',
  group: 'Customer',
  permission: 'invoices',
  target: 'user',
  keywords: ['invoice', 'regenerate', 'reissue', 'new version', 'vat', 'address', 'receipt'],
  params: { schema: chargeChoice, fields: { charge_id: chargeField } },
  confirm: false,
  consequence: (target) =>
    `A new version of the invoice is issued with ${target.name}’s current name, address and VAT id; the old one is kept as superseded.`,
  run: async ({ target, params, signal }) => {
    const chargeId = await resolveChargeId(target.id, params.charge_id, signal);
    return call(
      api.charges.regenerateInvoice,
      { params: { user_id: target.id }, body: { charge_id: chargeId } },
      { signal },
    );
  },
  revalidates: invoiceViews,
  successMessage: ({ target }) => `New invoice version issued for ${target.name}`,
});
