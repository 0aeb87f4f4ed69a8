import { z } from 'zod';
import { type ContractFormParams, maxContractEdits, maxPricePerEdit } from './contracts';
import { type Currency, currencies, currencySymbols, type Money } from './money';

/*
 * The yearly contract form as people type it (flat values, prices in major units) and its conversions to and from
 * the spec's form params (PRICE values), shared by the calls' query strings, the console's forms and the server.
 */

/** A price as typed in a form or a query: major units with at most four decimals (0.125), 0 to the cap. */
export const flatPrice = z.coerce
  .number({ error: 'must be a number' })
  .min(0, 'must not be negative')
  .max(maxPricePerEdit, `must be at most ${maxPricePerEdit}`)
  .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, 'at most four decimals');

/**
 * The contract form as flat values (a query string, a console form): prices in major units. `contractFormOf` turns
 * it into the spec's form params (PRICE values) the summaries and the POST bodies use.
 */
export const contractFormQuery = z
  .object({
    number_of_edits: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(maxContractEdits, `must be at most ${maxContractEdits.toLocaleString('en-US')}`),
    price_per_edit: flatPrice,
    crop: flatPrice,
    straightening: flatPrice,
    subject_mask: flatPrice,
    smooth_skin: flatPrice,
    currency: z.enum(currencies, { error: 'must be USD, GBP or EUR' }),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  })
  .strict();
export type ContractFormQuery = z.output<typeof contractFormQuery>;

/**
 * The contract form as the console asks for it: every field optional, an empty one keeping the base value (the
 * default form, or the running contract's terms); the command fills it in from that base before pricing or sending.
 */
export const contractFormDraft = contractFormQuery.partial();
export type ContractFormDraft = z.output<typeof contractFormDraft>;

/** The upgrade form: the number of edits is required (an upgrade adds edits), the rest keep the current terms. */
export const upgradeFormDraft = contractFormDraft.extend({ number_of_edits: contractFormQuery.shape.number_of_edits });

/** A major-unit price as a PRICE value in 1/10000 units. */
export function priceOf(units: number, currency: Currency): Money {
  return { amount: Math.round(units * 10_000), multiplier: 10000, symbol: currencySymbols[currency] };
}

/** A PRICE value in major units (for forms and query strings). */
export function unitsOf(price: Money): number {
  return price.amount / price.multiplier;
}

/** The form params of flat form values. */
export function contractFormOf(query: ContractFormQuery): ContractFormParams {
  const price = (units: number) => priceOf(units, query.currency);
  return {
    number_of_edits: query.number_of_edits,
    price_per_edit: price(query.price_per_edit),
    ai_tools: {
      crop: price(query.crop),
      straightening: price(query.straightening),
      subject_mask: price(query.subject_mask),
      smooth_skin: price(query.smooth_skin),
    },
    currency: query.currency,
    country: query.country,
  };
}

/** Flat form values of form params (what a form is prefilled with, and the summary's query). */
export function contractQueryOf(params: ContractFormParams): ContractFormQuery {
  return {
    number_of_edits: params.number_of_edits,
    price_per_edit: unitsOf(params.price_per_edit),
    crop: unitsOf(params.ai_tools.crop),
    straightening: unitsOf(params.ai_tools.straightening),
    subject_mask: unitsOf(params.ai_tools.subject_mask),
    smooth_skin: unitsOf(params.ai_tools.smooth_skin),
    currency: params.currency,
    country: params.country,
  };
}
