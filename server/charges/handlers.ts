import { regenerateInvoice, sendInvoice } from './invoice-actions';
import { getInvoicePdf, getInvoiceUrl } from './invoice-links';
import { listCharges } from './list';
import { chargeAndUnsuspend, retryCharge } from './retry';

/** The charges and invoices calls (domain/charges.ts). */
export const chargeHandlers = [
  listCharges,
  retryCharge,
  chargeAndUnsuspend,
  regenerateInvoice,
  getInvoiceUrl,
  getInvoicePdf,
  sendInvoice,
] as const;
