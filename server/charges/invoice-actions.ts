import { api } from '../../domain/api';
import { formatMoney, money } from '../../domain/money';
import { handle } from '../http/handler';
import { queueEmail } from '../mail/outbox';
import { findCustomer, recordEmailSent, recordStaffAction } from '../users/customer-records';
import { renderInvoicePdf } from './invoice-pdf';
import { currencyOf, ensureInvoice, invoiceFilename, invoiceVersion, issueInvoice, lockCharge } from './invoices';

/** A new version of a succeeded charge's invoice with the customer's current details; the previous one is superseded. */
export const regenerateInvoice = handle(api.charges.regenerateInvoice, async ({ db, params, body, staff }) => {
  await findCustomer(db, params.user_id);
  const charge = await lockCharge(db, body.charge_id, params.user_id);
  const invoice = await issueInvoice(db, charge, staff.id);
  await recordStaffAction(db, params.user_id, staff, 'Invoice regenerated', [
    { label: 'Invoice', value: `${invoice.number} version ${invoice.version}` },
  ]);
  return { invoice: invoiceVersion(invoice) };
});

/**
 * E-mails the charge's current invoice to the customer, cc their cc addresses, with the PDF attached (base64 in
 * the outbox payload, as a transport would hand it to the mail provider); the e-mail shows on their timeline.
 */
export const sendInvoice = handle(api.charges.sendInvoice, async ({ db, params, staff }) => {
  const invoice = await ensureInvoice(db, params.id);
  const record = await findCustomer(db, invoice.customerId);
  const pdf = await renderInvoicePdf(invoice);
  const total = formatMoney(money(invoice.total, currencyOf(invoice.currency)));
  const outboxId = await queueEmail(db, {
    template: 'INVOICE',
    recipient: record.email,
    customerId: record.id,
    payload: {
      first_name: record.firstName,
      cc: record.ccEmails,
      subject: `Your invoice ${invoice.number} (${total})`,
      invoice_number: invoice.number,
      invoice_version: invoice.version,
      total,
      attachments: [
        { filename: invoiceFilename(invoice), content_type: 'application/pdf', content_base64: pdf.toString('base64') },
      ],
    },
  });
  await recordEmailSent(db, record.id, 'INVOICE', record.email, staff);
  await recordStaffAction(db, record.id, staff, 'Invoice sent to customer', [
    { label: 'Invoice', value: `${invoice.number} version ${invoice.version}` },
  ]);
  return { outbox_id: outboxId, recipient: record.email, cc: record.ccEmails, invoice: invoiceVersion(invoice) };
});
