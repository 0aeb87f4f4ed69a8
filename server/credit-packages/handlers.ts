import { api } from '../../domain/api';
import { cardLabel } from '../../domain/charges';
import { discountPercent, listPriceMinor, packageText } from '../../domain/credit-packages';
import { type Currency, formatMoney, money } from '../../domain/money';
import { customerCredits } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import type { RegisteredHandler } from '../http/register';
import { handlePayment } from '../payments/handle-payment';
import { recordStaffAction } from '../users/customer-records';
import type { CustomerRecord } from '../users/rows';
import { creditBalance, packageChargePrefix, pricePackage } from './pricing';
import { listRecentPurchases } from './recent';

/** The card a customer would be charged on: their payment details, or "Card on file"; null without a stored card. */
function paymentMethodOf(customer: CustomerRecord): string | null {
  if (!customer.paymentMethodToken) return null;
  return cardLabel(customer.paymentMethodDetails);
}

/** Prices a package for its customer; changes nothing (a POST only because the spec's body carries the request). */
export const summarizeCustomCreditPackage = handle(api.creditPackages.summary, async ({ db, body }) => {
  const priced = await pricePackage(db, body);
  return {
    user_id: priced.customer.id,
    amount_of_credits: priced.credits,
    amount_to_pay: money(priced.priceMinor, priced.currency),
    extra_credits_earned: priced.extraCredits,
    list_price: money(priced.listMinor, priced.currency),
    discount_percent: discountPercent(priced.credits, priced.priceMinor),
    currency: priced.currency,
    payment_method: paymentMethodOf(priced.customer),
    total_credits_of_the_user: await creditBalance(db, priced.customer.id),
  };
});

/** What `prepare` hands to `record`: the priced package, in plain numbers. */
interface PackageSale {
  customerId: number;
  currency: Currency;
  credits: number;
  priceMinor: number;
  extraCredits: number;
}

/**
 * Sells the package: charges the price to the customer's stored card (handlePayment: exactly once per
 * Idempotency-Key, a lost provider answer is a 503 safe to retry), and only when the charge succeeded adds the
 * credits as one PURCHASE row linked to the charge. A declined card answers 200 with payment_status FAILED and the
 * provider's reason; its FAILED charge row and the timeline event are kept, and no credit is added.
 */
export const purchaseCustomCreditPackage = handlePayment(api.creditPackages.purchaseCustom, {
  async prepare({ db, body }) {
    const priced = await pricePackage(db, body);
    if (!priced.customer.paymentMethodToken) throw fail('no_payment_method');
    const data: PackageSale = {
      customerId: priced.customer.id,
      currency: priced.currency,
      credits: priced.credits,
      priceMinor: priced.priceMinor,
      extraCredits: priced.extraCredits,
    };
    return {
      charge: {
        customerId: data.customerId,
        amount: data.priceMinor,
        currency: data.currency,
        purpose: 'CREDIT_PACKAGE',
        description: `${packageChargePrefix}${packageText(data.credits, data.extraCredits)}`,
      },
      data,
    };
  },
  async record({ db, staff }, sale, outcome) {
    if (outcome.status === 'not_charged') throw new Error('a credit package always has a price to charge');
    const price = money(sale.priceMinor, sale.currency);
    const base = {
      user_id: sale.customerId,
      amount_charged: price,
      charge_id: outcome.charge.id,
    };
    if (outcome.status === 'declined') {
      await recordStaffAction(db, sale.customerId, staff, 'Custom credit package declined', [
        { label: 'Credits', value: packageText(sale.credits, sale.extraCredits) },
        { label: 'Price', value: formatMoney(price) },
        { label: 'Card declined', value: outcome.message },
      ]);
      return {
        ...base,
        payment_status: 'FAILED' as const,
        stripe_error_message: outcome.message,
        total_credits_of_the_user: await creditBalance(db, sale.customerId),
        credits_added: 0,
        credit_id: null,
      };
    }
    const [credit] = await db
      .insert(customerCredits)
      .values({
        customerId: sale.customerId,
        amount: listPriceMinor(sale.credits),
        currency: sale.currency,
        reason: 'CUSTOM_CREDIT_PACKAGE',
        description: `Custom credit package: ${packageText(sale.credits, sale.extraCredits)} for ${formatMoney(price)}`,
        source: 'PURCHASE',
        staffId: staff.id,
        chargeId: outcome.charge.id,
      })
      .returning({ id: customerCredits.id });
    if (!credit) throw new Error('credit not inserted');
    await recordStaffAction(db, sale.customerId, staff, 'Custom credit package purchased', [
      { label: 'Credits', value: packageText(sale.credits, sale.extraCredits) },
      { label: 'Charged', value: formatMoney(price) },
      { label: 'Charge', value: `#${outcome.charge.id}` },
    ]);
    return {
      ...base,
      payment_status: 'SUCCEEDED' as const,
      stripe_error_message: null,
      total_credits_of_the_user: await creditBalance(db, sale.customerId),
      credits_added: sale.credits,
      credit_id: credit.id,
    };
  },
});

/** The handlers of the `creditPackages` area, one per call. */
export const creditPackageHandlers: readonly RegisteredHandler[] = [
  summarizeCustomCreditPackage,
  purchaseCustomCreditPackage,
  listRecentPurchases,
];
