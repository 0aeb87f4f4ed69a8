import { z } from 'zod';
import { exchangeRateMax, exchangeRateMin, rateToMicros } from './currency-change';
import { defineArea, get, idParam, post, put } from './endpoint';
import { currencies, moneySchema } from './money';

const userIdParams = z.object({ user_id: idParam });
const customerTarget = { kind: 'customer', param: 'user_id' } as const;

/** A currency code the service bills in; anything else is a 400 naming the codes. */
export const currencyCode = z.enum(currencies, { error: `must be one of ${currencies.join(', ')}` });

/** A currency as the spec's currency change shows it: `{symbol, code}`. */
export const currencyOptionSchema = z.object({ symbol: z.string(), code: currencyCode });
export type CurrencyOption = z.infer<typeof currencyOptionSchema>;

/** One priced line of the currency change preview: the spec's PRICE with a label. */
export const pricedLineSchema = z.object({ label: z.string(), value: moneySchema });
export type PricedLine = z.infer<typeof pricedLineSchema>;

export const currencyOptionsAnswer = z.object({
  user_currency: currencyOptionSchema,
  /** Every currency but the customer's own. */
  currency_options: z.array(currencyOptionSchema),
});

export const currencyChangeQuery = z.object({ new_currency: currencyCode }).strict();
/** What staff choose in the console's form. */
export const currencyChangeForm = z.object({ new_currency: currencyCode }).strict();

/**
 * The change, optionally with what its preview showed: the total charged now (minor units of the old currency) and
 * the rate text. When given and no longer true (a rate or a balance moved since), the change is refused with 409
 * `price_changed` instead of storing other numbers than the ones confirmed.
 */
export const currencyChangeBody = currencyChangeForm
  .extend({
    expected_total: z.number().int('must be in minor units').min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    expected_rate: z.string().max(100).optional(),
  })
  .strict();

/**
 * The preview of a currency change (see docs/payments.md, currency change): the open period settled in the old currency
 * (`charge_info`: usage cost, backup cost, credits applied, total charged now), the rate, and the credit the
 * customer keeps, before and after conversion.
 */
export const currencySummaryAnswer = z.object({
  user_currency: currencyOptionSchema,
  new_currency: currencyOptionSchema,
  charge_info: z.object({
    cost: pricedLineSchema,
    backup_cost: pricedLineSchema,
    /** The customer's whole credit balance in the old currency (what pays for cost + backup first). */
    credits: pricedLineSchema,
    /** Charged to the card now, in the old currency. */
    total: pricedLineSchema,
  }),
  /** "1 USD = 0.9213 EUR". */
  exchange_rate: z.string(),
  /** Credit left after the settlement, in the old currency. */
  amount_left_after_charge: pricedLineSchema,
  /** That credit in the new currency, as it will be credited. */
  credit_in_new_currency: pricedLineSchema,
  /** Set when the change cannot be made now, with the reason (e.g. no card on file while something is due). */
  blocked: z.string().nullable(),
});
export type CurrencySummary = z.infer<typeof currencySummaryAnswer>;

/** Whether a currency change charged the card (something was due) or not (the credit covered it). */
export const currencyChangePaymentStatuses = ['SUCCEEDED', 'NOT_CHARGED'] as const;
export type CurrencyChangePaymentStatus = (typeof currencyChangePaymentStatuses)[number];
export const currencyChangePaymentLabels: Record<CurrencyChangePaymentStatus, string> = {
  SUCCEEDED: 'Charged',
  NOT_CHARGED: 'Not charged',
};

export const currencyChangeAnswer = z.object({
  user_id: z.number().int(),
  currency: currencyCode,
  payment_status: z.enum(currencyChangePaymentStatuses),
  /** Charged to the card, in the old currency (zero when the credit covered the open period). */
  charged: moneySchema,
  /** Credit left after the charge, in the old currency (what was converted). */
  amount_left_after_charge: moneySchema,
  exchange_rate: z.string(),
  credit_in_new_currency: moneySchema,
});

/** A rate staff type: positive, at most six decimals, within the typo guard's bounds. */
export const exchangeRateBody = z
  .object({
    rate: z
      .number({ error: 'must be a number' })
      .min(exchangeRateMin, `must be at least ${exchangeRateMin}`)
      .max(exchangeRateMax, `must be at most ${exchangeRateMax}`)
      .refine((value) => rateToMicros(value) !== null, 'at most six decimals'),
  })
  .strict();

export const exchangeRateSchema = z.object({
  id: z.number().int(),
  from: currencyCode,
  to: currencyCode,
  /** Exact decimal text, e.g. "0.9213". */
  rate: z.string(),
  /** "1 USD = 0.9213 EUR". */
  text: z.string(),
  /** Who set it ("Ada Admin (ADMIN)"); null for the initial rates. */
  set_by: z.string().nullable(),
  set_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRatesAnswer = z.object({
  /** The current rate of every pair. */
  rates: z.array(exchangeRateSchema),
  /** The latest changes, newest first (at most 50). */
  history: z.array(exchangeRateSchema),
});

export const exchangeRateParams = z.object({ from: currencyCode, to: currencyCode });

/** The console's form for setting a rate: the pair (the path) and the rate (the body), two different currencies. */
export const exchangeRateForm = exchangeRateParams
  .extend(exchangeRateBody.shape)
  .strict()
  .refine((form) => form.from !== form.to, { path: ['to'], message: 'choose a currency other than From' });

export const currency = defineArea('currency', {
  options: get('users/:user_id/currency_change/options', {
    summary: 'The customer’s currency and the ones they can change to',
    permission: 'change_currency',
    params: userIdParams,
    answer: currencyOptionsAnswer,
    target: customerTarget,
  }),
  summary: get('users/:user_id/currency_change/summary', {
    summary: 'Preview of a currency change: what is charged now, the rate, the credit carried over',
    permission: 'change_currency',
    params: userIdParams,
    query: currencyChangeQuery,
    answer: currencySummaryAnswer,
    target: customerTarget,
  }),
  change: post('users/:user_id/currency_change', {
    summary: 'Change the customer’s currency (settles the open period, converts the credit)',
    permission: 'change_currency',
    money: true,
    params: userIdParams,
    body: currencyChangeBody,
    answer: currencyChangeAnswer,
    target: customerTarget,
  }),
  exchangeRates: get('exchange_rates', {
    summary: 'Current exchange rates and their recent changes',
    permission: ['change_currency', 'exchange_rates'],
    answer: exchangeRatesAnswer,
  }),
  setExchangeRate: put('exchange_rates/:from/:to', {
    summary: 'Set an exchange rate (kept as history)',
    permission: 'exchange_rates',
    params: exchangeRateParams,
    body: exchangeRateBody,
    answer: exchangeRateSchema,
  }),
});
