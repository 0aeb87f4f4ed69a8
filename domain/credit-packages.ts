import { z } from 'zod';
import { defineArea, get, post } from './endpoint';
import { type Currency, currencySymbols, formatMoney, money, moneySchema } from './money';

/**
 * Custom credit packages: staff sell a customer a number of credits for a price agreed with them, charged at once
 * to the card on file.
 *
 * What a credit is: one unit of the customer's currency at list price ($1, €1, £1), stored in the credits ledger
 * (`customer_credits`) as 100 minor units, like every other credit (give credit, referrals). The credits tab's total
 * is therefore the customer's credit balance in money, and a package of 500 credits adds $500.00 of credit.
 *
 * How a package prices: staff enter the number of credits and the price. The price is in the customer's currency,
 * at most the credits' list price (a package never costs more than the credits are worth) and at least half of it
 * (a discount above 50 % is a typo, not a deal). The extra credits earned are the whole credits beyond what the
 * price buys at list price: 500 credits for $450.00 → 50 extra.
 */

/** What one credit costs at list price, in minor units of the customer's currency. */
export const creditListPriceMinor = 100;
/** Most credits one package may hold. */
export const maxCreditsPerPackage = 100_000;
/** Largest discount a package may give on the credits' list price, in percent. */
export const maxPackageDiscountPercent = 50;

/** The list price of `credits` credits, in minor units. */
export function listPriceMinor(credits: number): number {
  return credits * creditListPriceMinor;
}

/** The lowest price a package of `credits` credits may have, in minor units (the list price less the largest discount). */
export function minimumPriceMinor(credits: number): number {
  return Math.ceil((listPriceMinor(credits) * (100 - maxPackageDiscountPercent)) / 100);
}

/** Whole credits beyond what `priceMinor` buys at list price; never negative. */
export function extraCreditsEarned(credits: number, priceMinor: number): number {
  return Math.max(0, credits - Math.ceil(priceMinor / creditListPriceMinor));
}

/** The discount on the list price, in percent, rounded to one decimal; never negative. */
export function discountPercent(credits: number, priceMinor: number): number {
  const list = listPriceMinor(credits);
  if (list <= 0 || priceMinor >= list) return 0;
  return Math.round(((list - priceMinor) * 1000) / list) / 10;
}

/** Why a package cannot be sold as asked, for the price field (null: it can). */
export function priceRefusal(credits: number, priceMinor: number, currency: Currency): string | null {
  const format = (minor: number) => formatMoney(money(minor, currency));
  const list = listPriceMinor(credits);
  if (priceMinor > list) {
    return `must be at most ${format(list)}, the list price of ${credits.toLocaleString('en-US')} credits`;
  }
  const minimum = minimumPriceMinor(credits);
  if (priceMinor < minimum) {
    return `must be at least ${format(minimum)}: a package may give at most ${maxPackageDiscountPercent} % off the list price of ${format(list)}`;
  }
  return null;
}

/** A package for people: "500 credits (+50 extra)", or "500 credits" without extra. */
export function packageText(credits: number, extra = 0): string {
  const base = `${credits.toLocaleString('en-US')} credits`;
  return extra > 0 ? `${base} (+${extra.toLocaleString('en-US')} extra)` : base;
}

/** True when a money amount has at most two decimals (whole minor units), whatever its multiplier. */
export function isWholeMinorUnits(amount: number, multiplier: number): boolean {
  return Number.isInteger((amount * 100) / multiplier);
}

const creditsSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of credits')
  .min(1, 'must be at least 1')
  .max(maxCreditsPerPackage, `must be at most ${maxCreditsPerPackage.toLocaleString('en-US')}`);

/** The spec's PRICE as a request field: `amount / multiplier` units of the currency whose symbol (or code) is given. */
export const priceInputSchema = z
  .object({
    amount: z
      .number({ error: 'must be a number' })
      .int('must be a whole number (of 1/multiplier units)')
      .positive('must be more than 0')
      .max(1_000_000_000_000, 'is too large'),
    multiplier: z.union([z.literal(1), z.literal(100), z.literal(10000)], { error: 'must be 1, 100 or 10000' }),
    symbol: z.string({ error: 'is required' }).trim().min(1, 'is required').max(3, 'must be a currency symbol'),
  })
  .strict();

/** Body of both calls: the customer, the number of credits and the price (a PRICE in the customer's currency). */
export const customCreditPackageBody = z
  .object({
    user_id: z
      .number()
      .int('must be a customer id')
      .positive('must be a customer id')
      .max(2_147_483_647, 'must be a customer id'),
    custom_credit_package_details: z
      .object({
        credit_details: z.object({ amount_of_credits: creditsSchema }).strict(),
        price: priceInputSchema,
      })
      .strict(),
  })
  .strict();
export type CustomCreditPackageBody = z.infer<typeof customCreditPackageBody>;

export const customCreditPackageSummary = z.object({
  user_id: z.number().int(),
  amount_of_credits: z.number().int(),
  /** The price, in the customer's currency. */
  amount_to_pay: moneySchema,
  extra_credits_earned: z.number().int(),
  /** Ours: what the credits cost at list price, the discount on it, the currency, and the card to be charged. */
  list_price: moneySchema,
  discount_percent: z.number(),
  currency: z.string(),
  /** The card on file as the customer's payment details describe it; null when they have none (cannot be charged). */
  payment_method: z.string().nullable(),
  /** The customer's credit balance now, in credits (units of their currency). */
  total_credits_of_the_user: z.number(),
});
export type CustomCreditPackageSummary = z.infer<typeof customCreditPackageSummary>;

export const paymentStatuses = ['SUCCEEDED', 'FAILED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = { SUCCEEDED: 'Paid', FAILED: 'Declined' };

export const customCreditPackagePurchase = z.object({
  payment_status: z.enum(paymentStatuses),
  /** The card provider's reason when the card was declined (e.g. "incorrect card number"); null on success. */
  stripe_error_message: z.string().nullable(),
  /** The customer's credit balance after the purchase, in credits (units of their currency). */
  total_credits_of_the_user: z.number(),
  /** Ours: the customer, the credits added (0 on a decline), what was charged or tried, and the ledger rows. */
  user_id: z.number().int(),
  credits_added: z.number().int(),
  amount_charged: moneySchema,
  charge_id: z.number().int(),
  credit_id: z.number().int().nullable(),
});
export type CustomCreditPackagePurchase = z.infer<typeof customCreditPackagePurchase>;

/** How many recent package sales the operations center lists. */
export const recentPurchasesLimit = 25;

export const recentPurchaseSchema = z.object({
  charge_id: z.number().int(),
  user_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  date: z.string(),
  /** What was sold, e.g. "500 credits (+50 extra)". */
  package: z.string(),
  amount_charged: moneySchema,
  payment_status: z.enum(paymentStatuses),
  stripe_error_message: z.string().nullable(),
  /** The credit added (null when the card was declined). */
  credits_added: moneySchema.nullable(),
  /** Who sold it; null for a staff account since deleted. */
  sold_by: z.string().nullable(),
});
export type RecentPurchase = z.infer<typeof recentPurchaseSchema>;

/** The console's form: credits and a price in units of the customer's currency (checked again by the server). */
export const customCreditPackageForm = z
  .object({
    amount_of_credits: creditsSchema,
    price: z
      .number({ error: 'must be a number' })
      .positive('must be more than 0')
      .max(maxCreditsPerPackage, `must be at most ${maxCreditsPerPackage.toLocaleString('en-US')}`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals'),
  })
  .strict();

/** The calls' body for a customer and the console's form values (price in units → minor units, multiplier 100). */
export function customCreditPackageRequest(
  userId: number,
  form: z.output<typeof customCreditPackageForm>,
  currency: Currency,
): CustomCreditPackageBody {
  return {
    user_id: userId,
    custom_credit_package_details: {
      credit_details: { amount_of_credits: form.amount_of_credits },
      price: { amount: Math.round(form.price * 100), multiplier: 100, symbol: currencySymbols[currency] },
    },
  };
}

/** The customer a credit-package call acts on is in its body, not its path. */
const customerInBody = { kind: 'customer', param: 'user_id', in: 'body' } as const;

export const creditPackages = defineArea('creditPackages', {
  summary: post('credit_packages/actions/summery', {
    summary: 'Price a custom credit package for a customer (changes nothing)',
    permission: 'charge_and_unsuspend',
    body: customCreditPackageBody,
    answer: customCreditPackageSummary,
    readOnly: true,
    target: customerInBody,
  }),
  purchaseCustom: post('credit_packages/actions/purchase_custom', {
    summary: 'Sell a customer a custom credit package, charged now to their card on file',
    permission: 'charge_and_unsuspend',
    body: customCreditPackageBody,
    answer: customCreditPackagePurchase,
    money: true,
    target: customerInBody,
  }),
  /** Ours (the spec's operations center lists package purchases without naming a call). */
  recentPurchases: get('credit_packages/purchases', {
    summary: `The ${recentPurchasesLimit} latest custom credit package sales across customers, declined ones too`,
    permission: 'charge_and_unsuspend',
    answer: z.object({ purchases: z.array(recentPurchaseSchema) }),
  }),
});
