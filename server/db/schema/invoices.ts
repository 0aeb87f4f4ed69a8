import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { charges } from './charges';
import { customers } from './customers';
import { staff } from './staff';

/** Who an invoice is from or to, as it was when the version was issued. */
export interface InvoiceParty {
  name: string;
  businessName: string | null;
  email: string | null;
  vatId: string | null;
  address: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/** One line of an invoice, amounts in minor units of the invoice's currency (VAT excluded). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

/**
 * The invoice of a succeeded charge, one row per version: append-only (a trigger refuses UPDATE). Regenerating
 * writes version n + 1 with fresh customer data; the highest version of a charge is the current one, every lower one
 * is superseded. All versions of a charge share its invoice number. Amounts are integer minor units of `currency`;
 * `total` is what the card was charged.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargeId: bigint('charge_id', { mode: 'number' })
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    version: integer('version').notNull(),
    /** The invoice date: when the charge was made. */
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'string' }).notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    customer: jsonb('customer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    /** VAT rate in basis points (2300 = 23 %); 0 for reverse charge and outside the EU. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Why VAT is what it is (reverse charge, outside the EU, the customer country's rate). */
    vatNote: text('vat_note').notNull(),
    /** Who regenerated it; null for the version made when the charge succeeded or first needed. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_charge_version').on(t.chargeId, t.version),
    index('invoices_customer').on(t.customerId, t.createdAt),
  ],
);
