import { inArray } from 'drizzle-orm';
import { splitVat } from '../../domain/invoice-vat';
import { formatMoney, money } from '../../domain/money';
import { currencyOf, invoiceCustomer, invoiceNumber, invoiceSeller } from '../charges/invoices';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { insertUnnest } from '../db/unnest';
import { subjectOf } from '../mail/render';
import type { ClaimedPeriod } from './claim';

/** The ledger row a batch's charge wrote, as the invoice and receipt read it. */
export interface LedgerRow {
  id: number;
  customerId: number;
  amount: number;
  currency: string;
  description: string;
  providerKey: string;
  createdAt: string;
}

/** One period's recorded outcome, as the documents read it. */
export interface RecordedUpdate {
  period: ClaimedPeriod;
  succeeded: boolean;
  message: string | null;
  charge: LedgerRow | null;
  nextRetryOn: string | null;
}

export function describe(period: Pick<ClaimedPeriod, 'kind' | 'month'>): string {
  return period.kind === 'INSTALLMENT'
    ? `Yearly contract: installment ${period.month} of 12`
    : `Yearly contract: usage over the plan, month ${period.month}`;
}

const invoiceColumns = {
  charge_id: 'bigint',
  customer_id: 'int',
  number: 'text',
  version: 'int',
  issued_at: 'timestamptz',
  seller: 'jsonb',
  customer: 'jsonb',
  lines: 'jsonb',
  subtotal: 'bigint',
  vat_rate_bp: 'int',
  vat: 'bigint',
  total: 'bigint',
  currency: 'text',
  vat_note: 'text',
} as const;

/**
 * What the customers of a recorded batch get, in the batch's transaction: invoice version 1 of every charge that went
 * through, a receipt or a failure e-mail in the outbox, and a timeline event — each kind one statement for the batch.
 */
export async function writeDocuments(db: Database, updates: readonly RecordedUpdate[]): Promise<void> {
  const paid = updates.filter((u) => u.succeeded && u.charge);
  const customerIds = [...new Set(updates.map((update) => update.period.customerId))];
  const people = new Map(
    (await db.select().from(customers).where(inArray(customers.id, customerIds))).map((row) => [row.id, row]),
  );
  const seller = invoiceSeller();
  const issued = paid.flatMap(({ charge }) => {
    const customer = charge ? people.get(charge.customerId) : undefined;
    if (!charge || !customer) return [];
    const party = invoiceCustomer(customer);
    const split = splitVat(charge.amount, party, seller.country ?? 'IE');
    return [
      {
        charge_id: charge.id,
        customer_id: charge.customerId,
        number: invoiceNumber(charge),
        version: 1,
        issued_at: charge.createdAt,
        seller,
        customer: party,
        lines: [{ description: charge.description, quantity: 1, unitAmount: split.subtotal, amount: split.subtotal }],
        subtotal: split.subtotal,
        vat_rate_bp: split.rateBp,
        vat: split.vat,
        total: split.total,
        currency: charge.currency,
        vat_note: split.note,
      },
    ];
  });
  const numbers = new Map(issued.map((invoice) => [invoice.charge_id, invoice.number]));
  if (issued.length > 0) await db.execute(insertUnnest('invoices', invoiceColumns, issued));

  const mails = updates.flatMap(({ period, succeeded, message, charge, nextRetryOn }) => {
    const customer = people.get(period.customerId);
    if (!customer) return [];
    const amount = formatMoney(money(period.amount, currencyOf(period.currency)));
    const payload = succeeded
      ? {
          first_name: customer.firstName,
          subject: `Your receipt: ${describe(period).toLowerCase()}`,
          note: `We charged ${amount} to your card for ${describe(period).toLowerCase()}.`,
          invoice_number: charge ? numbers.get(charge.id) : undefined,
          total: amount,
          charge_id: charge?.id,
        }
      : {
          first_name: customer.firstName,
          subject: 'Your yearly contract payment did not go through',
          note: `We could not charge ${amount} for ${describe(period).toLowerCase()}: ${message}. ${
            nextRetryOn ? `We will try again on ${nextRetryOn}.` : 'Please update your card.'
          }`,
          total: amount,
        };
    const template = succeeded ? 'CONTRACT_RECEIPT' : 'CONTRACT_PAYMENT_FAILED';
    return [
      { template, recipient: customer.email, customer_id: customer.id, payload, subject: subjectOf(template, payload) },
    ];
  });
  if (mails.length > 0) {
    await db.execute(
      insertUnnest(
        'outbox',
        { template: 'text', recipient: 'text', customer_id: 'int', payload: 'jsonb', subject: 'text' },
        mails,
      ),
    );
  }
  const events = updates.map(({ period, succeeded, message }) => ({
    customer_id: period.customerId,
    event: succeeded
      ? `Contract billing: ${describe(period).toLowerCase()} charged`
      : 'Contract billing: card declined',
    category: 'BILLING',
    properties: [
      { label: 'Amount', value: formatMoney(money(period.amount, currencyOf(period.currency))) },
      { label: 'Period', value: describe(period) },
      ...(message ? [{ label: 'Reason', value: message }] : []),
      ...(period.attempts > 1 ? [{ label: 'Attempt', value: String(period.attempts) }] : []),
    ],
  }));
  await db.execute(
    insertUnnest(
      'activity_events',
      { customer_id: 'int', event: 'text', category: 'text', properties: 'jsonb' },
      events,
    ),
  );
}
