import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { invoiceVersionSchema } from '../../domain/charges';
import { splitVat } from '../../domain/invoice-vat';
import { type Currency, currencies, money } from '../../domain/money';
import type { Database } from '../db/client';
import { charges, customers, type InvoiceLine, type InvoiceParty, invoices } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';

export type ChargeRecord = typeof charges.$inferSelect;
export type InvoiceRecord = typeof invoices.$inferSelect;
type CustomerRecord = typeof customers.$inferSelect;

/** Who invoices are from: `INVOICE_SELLER_*` in the environment, else the demo company. */
export function invoiceSeller(env: NodeJS.ProcessEnv = process.env): InvoiceParty {
  return {
    name: env.INVOICE_SELLER_NAME || 'Loupe Photo AI Ltd.',
    businessName: null,
    email: env.INVOICE_SELLER_EMAIL || 'billing@loupe.example.com',
    vatId: env.INVOICE_SELLER_VAT_ID || 'IE3456789OH',
    address: env.INVOICE_SELLER_ADDRESS || '2 Grand Canal Square, Dublin 2, D02 A342',
    country: (env.INVOICE_SELLER_COUNTRY || 'IE').toUpperCase(),
  };
}

/** The invoice number of a charge, shared by all its versions: `LP-2026-0000123`. */
export function invoiceNumber(charge: Pick<ChargeRecord, 'id' | 'createdAt'>): string {
  return `LP-${isoTimestamp(charge.createdAt).slice(0, 4)}-${String(charge.id).padStart(7, '0')}`;
}

export function currencyOf(code: string): Currency {
  return (currencies as readonly string[]).includes(code) ? (code as Currency) : 'USD';
}

/** Only a succeeded charge (not a refund) has an invoice. */
export function isInvoiceable(charge: Pick<ChargeRecord, 'status' | 'kind'>): boolean {
  return charge.status === 'SUCCEEDED' && charge.kind === 'CHARGE';
}

/** A charge by id (of this customer, when given), locked for this transaction so versions are numbered one at a time. */
export async function lockCharge(db: Database, chargeId: number, customerId?: number): Promise<ChargeRecord> {
  const where =
    customerId === undefined
      ? eq(charges.id, chargeId)
      : and(eq(charges.id, chargeId), eq(charges.customerId, customerId));
  const [charge] = await db.select().from(charges).where(where).for('update');
  if (!charge) throw fail('charge_not_found');
  return charge;
}

/** The customer as an invoice names them, now. */
export function invoiceCustomer(record: CustomerRecord): InvoiceParty {
  return {
    name: `${record.firstName} ${record.lastName}`.trim(),
    businessName: record.businessName,
    email: record.email,
    vatId: record.vatId,
    address: record.address,
    country: record.country,
  };
}

/** The current (highest) version of a charge's invoice, or null when none was issued. */
export async function currentInvoice(db: Database, chargeId: number): Promise<InvoiceRecord | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.chargeId, chargeId))
    .orderBy(desc(invoices.version))
    .limit(1);
  return row ?? null;
}

/**
 * The invoice's lines: the charge, then one credit-note line per card refund of it (negative, VAT excluded like
 * every line). Each credit line is the drop in subtotal its refund makes, so the lines add up to the subtotal of
 * what the card keeps.
 */
async function invoiceLines(
  db: Database,
  charge: ChargeRecord,
  split: (total: number) => ReturnType<typeof splitVat>,
): Promise<{ lines: InvoiceLine[]; kept: number }> {
  const refunds = await db
    .select()
    .from(charges)
    .where(and(eq(charges.refundOf, charge.id), eq(charges.kind, 'REFUND'), eq(charges.status, 'SUCCEEDED')))
    .orderBy(asc(charges.createdAt), asc(charges.id));
  const first = split(charge.amount).subtotal;
  const lines: InvoiceLine[] = [{ description: charge.description, quantity: 1, unitAmount: first, amount: first }];
  let kept = charge.amount;
  for (const refund of refunds) {
    const before = split(kept).subtotal;
    kept -= refund.amount;
    const amount = split(kept).subtotal - before;
    const day = isoTimestamp(refund.createdAt).slice(0, 10);
    lines.push({ description: `Credit note ${day}: ${refund.description}`, quantity: 1, unitAmount: amount, amount });
  }
  return { lines, kept };
}

/**
 * Writes the next version of a charge's invoice from the customer's current details (the caller locked the charge).
 * Card refunds of the charge appear as credit-note lines, and the totals are what the card keeps.
 */
export async function issueInvoice(db: Database, charge: ChargeRecord, staffId: number | null): Promise<InvoiceRecord> {
  if (!isInvoiceable(charge)) throw fail('no_invoice_for_charge');
  const [customer] = await db.select().from(customers).where(eq(customers.id, charge.customerId));
  if (!customer) throw fail('customer_not_found');
  const previous = await currentInvoice(db, charge.id);
  const seller = invoiceSeller();
  const party = invoiceCustomer(customer);
  const splitOf = (total: number) => splitVat(total, party, seller.country ?? 'IE');
  const { lines, kept } = await invoiceLines(db, charge, splitOf);
  const split = splitOf(kept);
  const [invoice] = await db
    .insert(invoices)
    .values({
      chargeId: charge.id,
      customerId: charge.customerId,
      number: invoiceNumber(charge),
      version: (previous?.version ?? 0) + 1,
      issuedAt: charge.createdAt,
      seller,
      customer: party,
      lines,
      subtotal: split.subtotal,
      vatRateBp: split.rateBp,
      vat: split.vat,
      total: split.total,
      currency: charge.currency,
      vatNote: split.note,
      staffId,
    })
    .returning();
  if (!invoice) throw new Error('invoice not written');
  return invoice;
}

/** The charge's current invoice, issuing version 1 the first time one is needed (history imported without one). */
export async function ensureInvoice(db: Database, chargeId: number): Promise<InvoiceRecord> {
  const charge = await lockCharge(db, chargeId);
  if (!isInvoiceable(charge)) throw fail('no_invoice_for_charge');
  return (await currentInvoice(db, chargeId)) ?? (await issueInvoice(db, charge, null));
}

/** An invoice version as the calls answer it. */
export function invoiceVersion(invoice: InvoiceRecord): z.infer<typeof invoiceVersionSchema> {
  const currency = currencyOf(invoice.currency);
  return {
    id: invoice.id,
    charge_id: invoice.chargeId,
    number: invoice.number,
    version: invoice.version,
    supersedes_version: invoice.version > 1 ? invoice.version - 1 : null,
    issued_at: isoTimestamp(invoice.issuedAt),
    created_at: isoTimestamp(invoice.createdAt),
    subtotal: money(invoice.subtotal, currency),
    vat: money(invoice.vat, currency),
    total: money(invoice.total, currency),
    currency,
    vat_note: invoice.vatNote,
  };
}

/** The PDF's file name: `invoice-LP-2026-0000123-v2.pdf`. */
export function invoiceFilename(invoice: Pick<InvoiceRecord, 'number' | 'version'>): string {
  return `invoice-${invoice.number}-v${invoice.version}.pdf`;
}
