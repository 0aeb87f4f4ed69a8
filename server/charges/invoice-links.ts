import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { api, apiPrefix } from '../../domain/api';
import { invoiceUrlTtlSeconds } from '../../domain/charges';
import { pathOf } from '../../domain/endpoint';
import { invoices } from '../db/schema';
import { fail } from '../http/errors';
import { handle, handlePublic } from '../http/handler';
import { signatureMatches } from '../http/signed-links';
import { renderInvoicePdf } from './invoice-pdf';
import { ensureInvoice, invoiceFilename } from './invoices';

/** The signing key of invoice links: derived from the server secret, so it is never the token key itself. */
function linkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('loupe invoice links v1').digest();
}

/** HMAC-SHA256 over the charge id, the invoice version and the expiry (Unix seconds), base64url. */
export function invoiceSignature(jwtSecret: string, chargeId: number, version: number, expires: number): string {
  return createHmac('sha256', linkKey(jwtSecret)).update(`${chargeId}.${version}.${expires}`).digest('base64url');
}

/** A signed link to the PDF of the charge's current invoice (issued now if it never was), valid for 5 minutes. */
export const getInvoiceUrl = handle(api.charges.invoiceUrl, async ({ db, params, config }) => {
  const invoice = await ensureInvoice(db, params.id);
  const expires = Math.floor(Date.now() / 1000) + invoiceUrlTtlSeconds;
  const signature = invoiceSignature(config.jwtSecret, params.id, invoice.version, expires);
  const query = new URLSearchParams({ version: String(invoice.version), expires: String(expires), signature });
  return {
    url: `${apiPrefix}/${pathOf(api.charges.invoicePdf, { id: params.id })}?${query}`,
    expires_at: new Date(expires * 1000).toISOString(),
    filename: invoiceFilename(invoice),
  };
});

/** The PDF behind a signed link: 403 when the signature is wrong or the link has expired (checked in that order). */
export const getInvoicePdf = handlePublic(api.charges.invoicePdf, async ({ db, params, query, config, reply }) => {
  const expected = invoiceSignature(config.jwtSecret, params.id, query.version, query.expires);
  if (!signatureMatches(expected, query.signature)) throw fail('invoice_link_invalid');
  if (query.expires * 1000 < Date.now()) throw fail('invoice_link_expired');
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.chargeId, params.id), eq(invoices.version, query.version)));
  if (!invoice) throw fail('no_invoice_for_charge');
  const pdf = await renderInvoicePdf(invoice);
  reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${invoiceFilename(invoice)}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  return pdf;
});
