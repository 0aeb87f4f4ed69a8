import { api } from '../../domain/api';
import { startDownload } from '../../src/download';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { chargeChoice, chargeField, invoiceViews, resolveChargeId } from './charge-choice';

export default defineCommand({
  id: 'charges.download-invoice',
  title: 'Download invoice',
  group: 'Customer',
  permission: 'invoices',
  target: 'user',
  keywords: ['invoice', 'pdf', 'download', 'receipt', 'bill'],
  params: { schema: chargeChoice, fields: { charge_id: chargeField } },
  confirm: false,
  run: async ({ target, params, signal }) => {
    const chargeId = await resolveChargeId(target.id, params.charge_id, signal);
    const link = await call(api.charges.invoiceUrl, { params: { id: chargeId } }, { signal });
    startDownload(link.url, link.filename);
    return link;
  },
  revalidates: invoiceViews,
  successMessage: () => 'Invoice downloading (the link works for 5 minutes)',
});
