/**
 * Money without the schema library: the values, their currencies and their formatting, for the console's first screen
 * (tables format money cells) and everything else. `domain/money.ts` adds the zod schema and re-exports all of this.
 */

export const currencies = ['USD', 'GBP', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

export const currencySymbols: Record<Currency, string> = { USD: '$', GBP: '£', EUR: '€' };

/** The spec's money value: `amount / multiplier` units of the currency named by `symbol`. */
export interface Money {
  amount: number;
  multiplier: 1 | 100 | 10000;
  symbol: string;
}

/** The value is a money value as `moneySchema` accepts it (checked in tests/unit/money.test.ts against the schema). */
export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null) return false;
  const { amount, multiplier, symbol } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(amount) &&
    (multiplier === 1 || multiplier === 100 || multiplier === 10000) &&
    typeof symbol === 'string' &&
    symbol.length >= 1 &&
    symbol.length <= 3
  );
}

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
