import { z } from 'zod';

export const currencies = ['USD', 'GBP', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

export const currencySymbols: Record<Currency, string> = { USD: '$', GBP: '£', EUR: '€' };

/** The spec's money value: `amount / multiplier` units of the currency named by `symbol`. */
export const moneySchema = z.object({
  amount: z.number().int(),
  multiplier: z.union([z.literal(1), z.literal(100), z.literal(10000)]),
  symbol: z.string().min(1).max(3),
});
export type Money = z.infer<typeof moneySchema>;

/** Money from integer minor units (cents, pence), as the database stores it. */
export function money(minorUnits: number, currency: Currency): Money {
  return { amount: minorUnits, multiplier: 100, symbol: currencySymbols[currency] };
}

export function currencyOfSymbol(symbol: string): Currency | undefined {
  if ((currencies as readonly string[]).includes(symbol)) return symbol as Currency;
  return currencies.find((code) => currencySymbols[code] === symbol);
}

/** Integer minor units (1/100) of a money value, whatever its multiplier; rounds half away from zero. */
export function toMinorUnits(value: Money): number {
  const exact = (value.amount * 100) / value.multiplier;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** Formats a money value for people, e.g. `$1,234.50`, `-£3.00`. */
export function formatMoney(value: Money, locale = 'en-US'): string {
  const currency = currencyOfSymbol(value.symbol);
  const units = value.amount / value.multiplier;
  if (!currency) return `${value.symbol}${units.toLocaleString(locale, { minimumFractionDigits: 2 })}`;
  return currencyFormat(locale, currency).format(units);
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** Making an Intl.NumberFormat costs far more than using one: a table formats thousands of amounts. */
function currencyFormat(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format;
}
