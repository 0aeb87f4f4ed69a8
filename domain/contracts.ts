import { z } from 'zod';
import type { Currency, Money } from './money';
import { currencies, currencySymbols, money, moneySchema } from './money';

/** Most edits one yearly contract may hold; with `maxPricePerEdit` it keeps every product far inside 2^53. */
export const maxContractEdits = 1_000_000;
/** Highest price per edit or per AI tool use, in major units of the currency. */
export const maxPricePerEdit = 1000;
/** Months in a yearly contract: the yearly total is paid in this many monthly installments. */
export const contractMonths = 12;

/** A PRICE field: a non-negative money value no higher than `maxPricePerEdit`. */
export const priceSchema = moneySchema
  .refine((price) => price.amount >= 0, 'must not be negative')
  .refine((price) => price.amount <= maxPricePerEdit * price.multiplier, `must be at most ${maxPricePerEdit}`);

/** Per-use prices of the AI tools, billed on monthly usage on top of the contract (not part of its yearly total). */
export const aiToolPricesSchema = z.object({
  crop: priceSchema,
  straightening: priceSchema,
  subject_mask: priceSchema,
  smooth_skin: priceSchema,
});
export type AiToolPrices = z.infer<typeof aiToolPricesSchema>;

/** Every PRICE in a form must be in the form's currency. */
function pricesInCurrency(params: { price_per_edit: Money; ai_tools: AiToolPrices; currency: Currency }): boolean {
  const symbol = currencySymbols[params.currency];
  const prices = [params.price_per_edit, ...Object.values(params.ai_tools)];
  return prices.every((price) => price.symbol === symbol || price.symbol === params.currency);
}

/** The yearly contract form (data-and-calls-spec §3 Contracts): what the new/upgrade summaries are computed from. */
export const contractFormParamsSchema = z
  .object({
    /** NUMBER: edits the customer commits to for the contract year. */
    number_of_edits: z.number().int().min(1).max(maxContractEdits),
    /** PRICE: list price of one edit before the yearly discount; also the pay-as-you-go rate on cancel. */
    price_per_edit: priceSchema,
    ai_tools: aiToolPricesSchema,
    currency: z.enum(currencies),
    /** ISO 3166-1 alpha-2 country of the customer (for tax, not for the arithmetic). */
    country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  })
  .strict()
  .refine(pricesInCurrency, { message: 'every price must be in the contract currency', path: ['currency'] });
export type ContractFormParams = z.infer<typeof contractFormParamsSchema>;

/** A running yearly contract as the database holds it, in integer minor units. */
export const contractStateSchema = z
  .object({
    /** First day of the contract year; month n starts on the same day n − 1 months later. */
    start_date: z.iso.date(),
    number_of_edits: z.number().int().min(1).max(maxContractEdits),
    /** List price per edit (before discount): the pay-as-you-go rate a cancelled contract's used edits cost. */
    price_per_edit: priceSchema,
    /** The agreed yearly total after discount, minor units. */
    yearly_total: z.number().int().min(0),
    currency: z.enum(currencies),
    /** Edits used so far under this contract; overage beyond the contract is billed elsewhere. */
    edits_used: z.number().int().min(0),
    /** Money received under this contract so far, minor units. */
    paid_so_far: z.number().int().min(0),
  })
  .refine((state) => state.edits_used <= state.number_of_edits, {
    message: 'cannot exceed number_of_edits',
    path: ['edits_used'],
  })
  .refine((state) => state.paid_so_far <= state.yearly_total, {
    message: 'cannot exceed yearly_total',
    path: ['paid_so_far'],
  });
export type ContractState = z.infer<typeof contractStateSchema>;

/** Yearly summary in minor units; `discount_percent` is the effective discount off the list price, two decimals. */
export type YearlySummary = {
  monthly_payment: number;
  discount_percent: number;
  yearly_total: number;
  /** The list price of the edits before discount. */
  gross_total: number;
  /** The 12 installments, largest first; they sum exactly to `yearly_total`. */
  installments: number[];
};

/** Upgrade summary in minor units (data-and-calls-spec §3 Contracts, plus the numbers behind it). */
export type UpgradeSummary = {
  new_plan_monthly_payment: number;
  old_plan_monthly_payment: number;
  payment_method: string;
  /** First of the installments that pay the remaining balance (the largest; the rest are equal or 1 less). */
  finalized_monthly_payment: number;
  /** Edits used beyond what the old plan's payments covered: they count against the new plan, charged once there. */
  amount_of_unpaid_edits_moved_to_new_plan: number;
  /** Edits fully paid under the old plan: the new plan never charges for them. */
  paid_edits: number;
  /** New-plan edits still to pay for: the new plan's edits minus `paid_edits`. */
  edits_charged_under_new_plan: number;
  /** What is left to pay for the rest of the year, after old-plan money not worth a whole edit is deducted. */
  remaining_balance: number;
  /** Old-plan money worth less than an edit that exceeds the whole charge (the credit_to_user_on_update tile). */
  credit_to_customer: number;
  remaining_months: number;
  installments: number[];
  /** Charged at once: the whole remaining balance when no month is left after the current one, else 0. */
  due_now: number;
};

/** Cancel summary in minor units: `paid_so_far + pay_now_amount − credits_customer_will_get === used_value`. */
export type CancelSummary = {
  rates: string;
  pay_now_amount: number;
  credits_customer_will_get: number;
  /** Edits used, priced at the pay-as-you-go rate (the list price per edit, no yearly discount). */
  used_value: number;
};

/** Why a summary cannot be given for this contract on this day. */
export type ContractRefusal = {
  refused: 'NOT_STARTED' | 'CONTRACT_ENDED' | 'NOT_AN_UPGRADE' | 'CURRENCY_MISMATCH';
};

/** The yearly summary as the spec's general_fields: money values and a PERCENT. */
export function yearlySummaryFields(summary: YearlySummary, currency: Currency) {
  return {
    monthly_payment: money(summary.monthly_payment, currency),
    discount_percent: summary.discount_percent,
    yearly_total: money(summary.yearly_total, currency),
  };
}

/** The upgrade summary as the spec's fields: money values, TEXT and a NUMBER of edits. */
export function upgradeSummaryFields(summary: UpgradeSummary, currency: Currency) {
  return {
    new_plan_monthly_payment: money(summary.new_plan_monthly_payment, currency),
    old_plan_monthly_payment: money(summary.old_plan_monthly_payment, currency),
    payment_method: summary.payment_method,
    finalized_monthly_payment: money(summary.finalized_monthly_payment, currency),
    amount_of_unpaid_edits_moved_to_new_plan: summary.amount_of_unpaid_edits_moved_to_new_plan,
  };
}

/** The cancel summary as the spec's fields, for one customer. */
export function cancelSummaryFields(summary: CancelSummary, currency: Currency, userId: number) {
  return {
    user_id: userId,
    rates: summary.rates,
    pay_now_amount: money(summary.pay_now_amount, currency),
    credits_customer_will_get: money(summary.credits_customer_will_get, currency),
  };
}
