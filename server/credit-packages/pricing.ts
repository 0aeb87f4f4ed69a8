import { eq, sum } from 'drizzle-orm';
import {
  type CustomCreditPackageBody,
  creditListPriceMinor,
  extraCreditsEarned,
  isWholeMinorUnits,
  listPriceMinor,
  priceRefusal,
} from '../../domain/credit-packages';
import { type Currency, currencies, currencyOfSymbol, currencySymbols, toMinorUnits } from '../../domain/money';
import type { Database } from '../db/client';
import { customerCredits } from '../db/schema';
import { fail } from '../http/errors';
import { findCustomer } from '../users/customer-records';
import type { CustomerRecord } from '../users/rows';

/** The field the price errors name: the console maps its last segment to the form's `price` field. */
const priceField = 'custom_credit_package_details.price';

/** The ledger's description of a package charge starts so; the recent-sales list reads the package back from it. */
export const packageChargePrefix = 'Custom credit package: ';

/** A custom credit package checked against the customer and priced, in integer minor units of their currency. */
export interface PricedPackage {
  customer: CustomerRecord;
  currency: Currency;
  credits: number;
  priceMinor: number;
  listMinor: number;
  extraCredits: number;
}

/** The customer's currency as the ledger uses it (USD for a stored value outside the supported list). */
export function currencyOfCustomer(customer: Pick<CustomerRecord, 'currency'>): Currency {
  return (currencies as readonly string[]).includes(customer.currency) ? (customer.currency as Currency) : 'USD';
}

function describe(currency: Currency): string {
  return `${currency} (${currencySymbols[currency]})`;
}

/**
 * Checks a package request against its customer and prices it: 404 for an unknown customer; 400 naming the price
 * field when the price is not in the customer's currency, has more than two decimals, costs more than the credits'
 * list price or gives more than the largest discount.
 */
export async function pricePackage(db: Database, body: CustomCreditPackageBody): Promise<PricedPackage> {
  const customer = await findCustomer(db, body.user_id);
  const currency = currencyOfCustomer(customer);
  const { price, credit_details } = body.custom_credit_package_details;
  const given = currencyOfSymbol(price.symbol);
  if (given !== currency) {
    const got = given ? describe(given) : `“${price.symbol}”, which is not a currency we charge in`;
    throw fail('validation_failed', {
      field: priceField,
      detail: `price: must be in the customer’s currency, ${describe(currency)}; got ${got}`,
    });
  }
  if (!isWholeMinorUnits(price.amount, price.multiplier)) {
    throw fail('validation_failed', { field: priceField, detail: 'price: at most two decimals (whole cents)' });
  }
  const credits = credit_details.amount_of_credits;
  const priceMinor = toMinorUnits(price);
  const refusal = priceRefusal(credits, priceMinor, currency);
  if (refusal) throw fail('validation_failed', { field: priceField, detail: `price: ${refusal}` });
  return {
    customer,
    currency,
    credits,
    priceMinor,
    listMinor: listPriceMinor(credits),
    extraCredits: extraCreditsEarned(credits, priceMinor),
  };
}

/** The customer's credit balance in credits (units of their currency): the sum of their credits ledger. */
export async function creditBalance(db: Database, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(customerCredits.amount).mapWith(Number) })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, customerId));
  return (row?.total ?? 0) / creditListPriceMinor;
}
