import type { Currency } from './money';

/**
 * What a customer's currency change settles, in integer minor units. The open billing period is closed in the old
 * currency first: its metered usage and the backup plan's prorated share are due now, the customer's credit pays
 * for them first, and the card is charged the rest. The credit left over moves to the new currency at the current
 * rate. Nothing is lost or made up: `creditApplied + creditLeft = credits` and
 * `cost + backupCost = creditApplied + total`.
 */
export interface CurrencyChangeSettlement {
  /** Metered usage of the open period not yet charged (old currency). */
  cost: number;
  /** The backup plan's prorated share of the open period (old currency). */
  backupCost: number;
  /** The customer's credit balance in the old currency (never below zero here). */
  credits: number;
  /** Charged to the card now, in the old currency: what the credit does not cover. */
  total: number;
  /** Credit used up against the open period (old currency). */
  creditApplied: number;
  /** Credit left after the settlement, in the old currency: what is converted. */
  creditLeft: number;
  /** `creditLeft` in the new currency at the rate, rounded half up to minor units. */
  convertedCredit: number;
}

/** Rates are stored and computed in millionths: 0.9213 → 921300. */
export const rateScale = 1_000_000;
/** Lowest and highest rate staff may set between USD, GBP and EUR: a typo guard (these move by percents, not 10×). */
export const exchangeRateMin = 0.1;
export const exchangeRateMax = 10;

function wholeNonNegative(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
  return BigInt(value);
}

/** `amount` minor units converted at `rateMicros`, rounded half up to whole minor units; exact (bigint) arithmetic. */
export function convertMinorUnits(amount: number, rateMicros: number): number {
  const units = wholeNonNegative(amount, 'amount');
  const rate = wholeNonNegative(rateMicros, 'rate');
  const scale = BigInt(rateScale);
  const converted = Number((units * rate * 2n + scale) / (scale * 2n));
  if (!Number.isSafeInteger(converted)) throw new RangeError('converted amount is too large');
  return converted;
}

/** Prices a currency change: see `CurrencyChangeSettlement`. Negative credit balances count as no credit. */
export function settleCurrencyChange(input: {
  cost: number;
  backupCost: number;
  credits: number;
  rateMicros: number;
}): CurrencyChangeSettlement {
  const cost = Number(wholeNonNegative(input.cost, 'cost'));
  const backupCost = Number(wholeNonNegative(input.backupCost, 'backup cost'));
  const credits = Math.max(0, input.credits);
  wholeNonNegative(credits, 'credits');
  const due = cost + backupCost;
  const creditApplied = Math.min(credits, due);
  const total = due - creditApplied;
  const creditLeft = credits - creditApplied;
  return {
    cost,
    backupCost,
    credits,
    total,
    creditApplied,
    creditLeft,
    convertedCredit: convertMinorUnits(creditLeft, input.rateMicros),
  };
}

/** A rate typed by people (a number with at most six decimals) in millionths; null when it has more decimals. */
export function rateToMicros(rate: number): number | null {
  const micros = Math.round(rate * rateScale);
  if (!Number.isFinite(rate) || Math.abs(rate * rateScale - micros) > 1e-6) return null;
  return micros;
}

/** A rate for people: at least two and at most six decimals, trailing zeros dropped (921300 → "0.9213"). */
export function formatRate(rateMicros: number): string {
  const whole = Math.floor(rateMicros / rateScale);
  const fraction = String(rateMicros % rateScale)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** The rate as the spec's exchange-rate TEXT: "1 USD = 0.9213 EUR". */
export function exchangeRateText(from: Currency, to: Currency, rateMicros: number): string {
  return `1 ${from} = ${formatRate(rateMicros)} ${to}`;
}
