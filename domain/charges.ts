import { z } from 'zod';
import { defineArea, get, idParam, noBody, post } from './endpoint';
import { currencies, moneySchema } from './money';
import { headerSchema, quickActionSchema } from './tables';
import { customerRowSchema, customerStatuses } from './users';

/**
 * Charges and invoices (spec §3 "Charge row", §7 "Charges, invoices, currency").
 *
 * - Every card movement of a customer is a row of the `charges` ledger; the Charges tab lists them newest first.
 * - A succeeded charge has an invoice; its versions are append-only (regenerating writes version n + 1 with the
 *   customer's current name, address and VAT id; the highest version is current). A FAILED charge has none.
 * - `invoices/:id/…`: `:id` is the CHARGE id (what a Charge row carries); the call works on the charge's current
 *   invoice version, issuing version 1 on first use for charges imported without one.
 * - Download: `get_presigned_url` answers a URL to `invoices/:id/pdf` signed with HMAC-SHA256 (key derived from the
 *   server's secret) over the charge id, the version and the expiry (5 minutes). The PDF call needs no session: the
 *   signature is its permission, so the URL can be opened in a new tab or handed to a download manager.
 */

const userIdParams = z.object({ user_id: idParam });
const chargeIdParams = z.object({ id: idParam });
const customerTarget = { kind: 'customer', param: 'user_id' } as const;
const timestamp = z.string();

/** How long a signed invoice URL works. */
export const invoiceUrlTtlSeconds = 300;

export const chargeStatuses = ['SUCCEEDED', 'FAILED'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];
export const chargeStatusLabels: Record<ChargeStatus, string> = { SUCCEEDED: 'Succeeded', FAILED: 'Failed' };
export const chargeKinds = ['CHARGE', 'REFUND'] as const;
export type ChargeKind = (typeof chargeKinds)[number];
export const chargeKindLabels: Record<ChargeKind, string> = { CHARGE: 'Charge', REFUND: 'Refund' };
/** Why a card was charged or refunded (the ledger's purpose column). */
export const chargePurposes = [
  'SUBSCRIPTION',
  'FAILED_CHARGE_RETRY',
  'CREDIT_PACKAGE',
  'CONTRACT_PAYMENT',
  'CONTRACT_USAGE',
  'CURRENCY_CHANGE',
  'PROJECT_REFUND',
] as const;
export type ChargePurpose = (typeof chargePurposes)[number];
export const chargePurposeLabels: Record<ChargePurpose, string> = {
  SUBSCRIPTION: 'Subscription',
  FAILED_CHARGE_RETRY: 'Failed charge retry',
  CREDIT_PACKAGE: 'Credit package',
  CONTRACT_PAYMENT: 'Contract installment',
  CONTRACT_USAGE: 'Contract usage over the plan',
  CURRENCY_CHANGE: 'Currency change',
  PROJECT_REFUND: 'Project refund',
};
export const chargeRowActions = ['REGENERATE_INVOICE', 'DOWNLOAD_INVOICE', 'SEND_INVOICE_TO_CUSTOMER'] as const;
export type ChargeRowAction = (typeof chargeRowActions)[number];

/** A receipt action of a row (spec: quick_action, is_disabled, disable_message, payload path): the call to make. */
export const receiptActionSchema = z.object({
  quick_action: z.enum(['DOWNLOAD_INVOICE', 'SEND_INVOICE_TO_CUSTOMER']),
  is_disabled: z.boolean(),
  disable_message: z.string().nullable(),
  payload: z.object({ method: z.enum(['GET', 'POST']), path: z.string() }),
});
export type ReceiptAction = z.infer<typeof receiptActionSchema>;

/** The invoice of a charge as the row shows it: the number, and the current version (null: not issued yet). */
export const chargeInvoiceSchema = z.object({ number: z.string(), version: z.number().int().nullable() });

/**
 * A stored card as people read it, everywhere: brand •••• last4 ("Visa •••• 4242"), from the customer's payment
 * details ("Visa •••• 4242, expires 3/28"); "Card on file" when only the provider knows more. The provider's token
 * (`pm_…`) is never shown nor sent to the console.
 */
export function cardLabel(details: string | null | undefined): string {
  const match = /^\s*([A-Za-z][\w ]*?)\s*(?:•+|\*+|x{2,})\s*(\d{4})\b/.exec(details ?? '');
  return match ? `${match[1]} •••• ${match[2]}` : 'Card on file';
}

/** One row of the Charges tab (spec §3 "Charge row"). */
export const chargeRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(chargeKinds),
  amount: moneySchema,
  currency: z.enum(currencies),
  date: timestamp,
  description: z.string(),
  purpose: z.string(),
  charging_vendor: z.string(),
  status: z.enum(chargeStatuses),
  /** The provider's text for a FAILED row ('incorrect card number'); null when it succeeded. */
  failure_reason: z.string().nullable(),
  provider_ref: z.string().nullable(),
  invoice: chargeInvoiceSchema.nullable(),
  receipt_file_copy_url: receiptActionSchema,
  send_receipt_to_customer: receiptActionSchema,
  quick_actions: z.array(quickActionSchema),
});
export type ChargeRow = z.infer<typeof chargeRowSchema>;

/** The customer's open failed charge, what a retry would charge. */
export const failedChargeSchema = z.object({
  amount: moneySchema,
  currency: z.enum(currencies),
  reason: z.string().nullable(),
  retries: z.number().int(),
});

export const chargesAnswer = z.object({
  headers: z.array(headerSchema),
  charges: z.array(chargeRowSchema),
  meta: z.object({
    total_number_of_charges: z.number().int(),
    /** At most this many rows are listed (newest first). */
    limit: z.number().int(),
    status: z.enum(customerStatuses),
    failed_charge: failedChargeSchema.nullable(),
    /** The stored card as staff see it (`cardLabel`: "Visa •••• 4242"); null without one. Never the provider's token. */
    payment_method: z.object({ card: z.string() }).nullable(),
  }),
});
export type ChargesAnswer = z.infer<typeof chargesAnswer>;

/** What retry_charge and charge_and_unsuspend answer when the card was charged. */
export const chargeOutcomeAnswer = z.object({
  charge: chargeRowSchema,
  user: customerRowSchema,
});

/** An invoice version as the regenerate and send calls answer it. */
export const invoiceVersionSchema = z.object({
  id: z.number().int(),
  charge_id: z.number().int(),
  number: z.string(),
  version: z.number().int(),
  /** The version this one replaces (null for version 1). */
  supersedes_version: z.number().int().nullable(),
  issued_at: timestamp,
  created_at: timestamp,
  subtotal: moneySchema,
  vat: moneySchema,
  total: moneySchema,
  currency: z.enum(currencies),
  vat_note: z.string(),
});

/**
 * The invoice commands' form: the charge (row menus fill it in); empty means the customer's newest invoiced charge,
 * which the console looks up before calling (the calls themselves always name the charge).
 */
export const chargeChoiceForm = z.object({ charge_id: idParam.optional() });

export const charges = defineArea('charges', {
  list: get('users/:user_id/charges', {
    summary: 'The customer’s card charges (succeeded and failed), newest first, with invoice actions',
    permission: 'user_details_read',
    params: userIdParams,
    answer: chargesAnswer,
  }),
  retryCharge: post('charges/:user_id/retry_charge', {
    summary: 'Charge the customer’s failed amount to the card on file again',
    permission: 'charge_and_unsuspend',
    params: userIdParams,
    body: noBody,
    answer: chargeOutcomeAnswer,
    money: true,
    target: customerTarget,
  }),
  chargeAndUnsuspend: post('charges/:user_id/charge_and_unsuspend', {
    summary: 'Charge the failed amount and, only if the card is charged, lift the suspension',
    permission: 'charge_and_unsuspend',
    params: userIdParams,
    body: noBody,
    answer: chargeOutcomeAnswer,
    money: true,
    target: customerTarget,
  }),
  regenerateInvoice: post('charges/:user_id/regenerate_invoice', {
    summary: 'Issue a new version of a charge’s invoice with the customer’s current details',
    permission: 'invoices',
    params: userIdParams,
    body: z.object({ charge_id: idParam }).strict(),
    answer: z.object({ invoice: invoiceVersionSchema }),
    target: customerTarget,
  }),
  invoiceUrl: get('invoices/:id/actions/get_presigned_url', {
    summary: 'A signed link to the PDF of a charge’s current invoice, valid for 5 minutes (:id is the charge id)',
    permission: 'invoices',
    params: chargeIdParams,
    answer: z.object({ url: z.string(), expires_at: timestamp, filename: z.string() }),
  }),
  invoicePdf: get('invoices/:id/pdf', {
    summary: 'The invoice PDF behind a signed link (no session: the signature is the permission)',
    permission: null,
    auth: 'none',
    params: chargeIdParams,
    query: z
      .object({
        version: idParam,
        expires: z.coerce.number().int().positive(),
        signature: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
      })
      .strict(),
    /** The PDF's bytes (content-type application/pdf), not JSON. */
    answer: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be the PDF bytes'),
  }),
  sendInvoice: post('invoices/:id/actions/send_to_customer', {
    summary: 'E-mail the charge’s current invoice (PDF attached) to the customer and their cc addresses',
    permission: 'invoices',
    params: chargeIdParams,
    body: noBody,
    answer: z.object({
      outbox_id: z.number().int(),
      recipient: z.string(),
      cc: z.array(z.string()),
      invoice: invoiceVersionSchema,
    }),
    target: { kind: 'charge', param: 'id' },
  }),
});
