import { and, desc, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { recentPurchasesLimit } from '../../domain/credit-packages';
import { type Currency, currencies, money } from '../../domain/money';
import { charges, customerCredits, customers, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { handle } from '../http/handler';
import { packageChargePrefix } from './pricing';

function currencyOf(code: string): Currency {
  return (currencies as readonly string[]).includes(code) ? (code as Currency) : 'USD';
}

/**
 * The latest custom credit package sales across customers, declined ones too, newest first: each package charge
 * with its customer, the credit it added (none when declined) and who sold it. Read from `charges_purpose_created`.
 */
export const listRecentPurchases = handle(api.creditPackages.recentPurchases, async ({ db }) => {
  const rows = await db
    .select({
      charge: charges,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      credit: customerCredits.amount,
      creditCurrency: customerCredits.currency,
      staffName: sql<string | null>`nullif(trim(${staff.firstName} || ' ' || ${staff.lastName}), '')`,
    })
    .from(charges)
    .innerJoin(customers, eq(customers.id, charges.customerId))
    .leftJoin(customerCredits, eq(customerCredits.chargeId, charges.id))
    .leftJoin(staff, eq(staff.id, charges.staffId))
    .where(and(eq(charges.purpose, 'CREDIT_PACKAGE'), eq(charges.kind, 'CHARGE')))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(recentPurchasesLimit);
  return {
    purchases: rows.map(({ charge, firstName, lastName, email, credit, creditCurrency, staffName }) => ({
      charge_id: charge.id,
      user_id: charge.customerId,
      customer_name: `${firstName} ${lastName}`.trim() || email,
      customer_email: email,
      date: isoTimestamp(charge.createdAt),
      package: charge.description.startsWith(packageChargePrefix)
        ? charge.description.slice(packageChargePrefix.length)
        : charge.description,
      amount_charged: money(charge.amount, currencyOf(charge.currency)),
      payment_status: charge.status,
      stripe_error_message: charge.status === 'FAILED' ? charge.failureMessage : null,
      credits_added: credit === null ? null : money(credit, currencyOf(creditCurrency ?? charge.currency)),
      sold_by: staffName,
    })),
  };
});
