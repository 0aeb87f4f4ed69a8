import { count, desc, eq, inArray, max } from 'drizzle-orm';
import { api } from '../../domain/api';
import { cardLabel } from '../../domain/charges';
import { money } from '../../domain/money';
import { detailListLimit } from '../../domain/user-details';
import { charges, invoices } from '../db/schema';
import { handle } from '../http/handler';
import { findCustomer } from '../users/customer-records';
import type { CustomerRecord } from '../users/rows';
import { currencyOf } from './invoices';
import { chargeHeaders, chargeRow } from './rows';

/** The customer's open failed charge (what a retry charges), or null. */
export function failedChargeOf(record: CustomerRecord) {
  if (!record.chargeFailed || !record.failedChargeAmount || record.failedChargeAmount <= 0) return null;
  const currency = currencyOf(record.currency);
  return {
    amount: money(record.failedChargeAmount, currency),
    currency,
    reason: record.failedChargeReason,
    retries: record.numberOfChargeRetries,
  };
}

/** The card on file as staff see it ("Visa •••• 4242"); null when there is none. The token stays on the server. */
function paymentMethodOf(record: CustomerRecord) {
  if (!record.paymentMethodToken) return null;
  return { card: cardLabel(record.paymentMethodDetails) };
}

/** Charges newest first (at most 200), each with its current invoice version and the caller's invoice actions. */
export const listCharges = handle(api.charges.list, async ({ db, params, can }) => {
  const record = await findCustomer(db, params.user_id);
  const rows = await db
    .select()
    .from(charges)
    .where(eq(charges.customerId, record.id))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(detailListLimit);
  const [total] = await db.select({ n: count() }).from(charges).where(eq(charges.customerId, record.id));
  const ids = rows.map((row) => row.id);
  const versions =
    ids.length === 0
      ? []
      : await db
          .select({ chargeId: invoices.chargeId, version: max(invoices.version) })
          .from(invoices)
          .where(inArray(invoices.chargeId, ids))
          .groupBy(invoices.chargeId);
  const versionOf = new Map(versions.map((row) => [row.chargeId, row.version]));
  const mayInvoice = can('invoices');
  return {
    headers: [...chargeHeaders],
    charges: rows.map((row) => chargeRow(row, versionOf.get(row.id) ?? null, mayInvoice)),
    meta: {
      total_number_of_charges: total?.n ?? 0,
      limit: detailListLimit,
      status: record.status === 'SUSPENDED' ? ('SUSPENDED' as const) : ('ACTIVE' as const),
      failed_charge: failedChargeOf(record),
      payment_method: paymentMethodOf(record),
    },
  };
});
