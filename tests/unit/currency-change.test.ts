import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMinorUnits,
  exchangeRateText,
  formatRate,
  rateToMicros,
  settleCurrencyChange,
} from '../../domain/currency-change';

describe('settleCurrencyChange', () => {
  it('charges what the credit does not cover and converts nothing when the credit is used up', () => {
    expect(settleCurrencyChange({ cost: 2350, backupCost: 499, credits: 1000, rateMicros: 921_300 })).toEqual({
      cost: 2350,
      backupCost: 499,
      credits: 1000,
      total: 1849,
      creditApplied: 1000,
      creditLeft: 0,
      convertedCredit: 0,
    });
  });

  it('charges nothing and converts the credit left when the credit covers the open period', () => {
    expect(settleCurrencyChange({ cost: 1200, backupCost: 300, credits: 5000, rateMicros: 921_300 })).toEqual({
      cost: 1200,
      backupCost: 300,
      credits: 5000,
      total: 0,
      creditApplied: 1500,
      creditLeft: 3500,
      // 35.00 USD × 0.9213 = 32.2455 EUR → 32.25 (half up)
      convertedCredit: 3225,
    });
  });

  it('treats a negative credit balance as no credit (it is not converted into a debt)', () => {
    const settled = settleCurrencyChange({ cost: 100, backupCost: 0, credits: -250, rateMicros: 1_085_400 });
    expect(settled).toMatchObject({ credits: 0, total: 100, creditLeft: 0, convertedCredit: 0 });
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => settleCurrencyChange({ cost: 1.5, backupCost: 0, credits: 0, rateMicros: 921_300 })).toThrow(
      RangeError,
    );
    expect(() => settleCurrencyChange({ cost: -1, backupCost: 0, credits: 0, rateMicros: 921_300 })).toThrow(
      RangeError,
    );
  });
});

describe('convertMinorUnits', () => {
  it('rounds half up to whole minor units', () => {
    expect(convertMinorUnits(5, 500_000)).toBe(3); // 2.5 → 3
    expect(convertMinorUnits(3, 500_000)).toBe(2); // 1.5 → 2
    expect(convertMinorUnits(1, 499_999)).toBe(0); // 0.499999 → 0
    expect(convertMinorUnits(0, 921_300)).toBe(0);
  });

  it('stays exact where floating point rounds wrong', () => {
    // 4,000,000,000,007,919 × 0.5015 = 2,006,000,000,003,971.4285: doubles give …972.
    expect(Math.round((4_000_000_000_007_919 * 501_500) / 1_000_000)).toBe(2_006_000_000_003_972);
    expect(convertMinorUnits(4_000_000_000_007_919, 501_500)).toBe(2_006_000_000_003_971);
    expect(() => convertMinorUnits(9_007_199_254_740_991, 1_268_400)).toThrow(RangeError);
  });
});

describe('rates', () => {
  it('reads a typed rate in millionths and refuses more than six decimals', () => {
    expect(rateToMicros(0.9213)).toBe(921_300);
    expect(rateToMicros(1.085412)).toBe(1_085_412);
    expect(rateToMicros(0.1234567)).toBeNull();
  });

  it('formats the rate for people', () => {
    expect(formatRate(921_300)).toBe('0.9213');
    expect(formatRate(1_000_000)).toBe('1.00');
    expect(formatRate(1_085_412)).toBe('1.085412');
    expect(exchangeRateText('USD', 'EUR', 921_300)).toBe('1 USD = 0.9213 EUR');
  });
});

const minor = fc.integer({ min: 0, max: 100_000_000 });
const rate = fc.integer({ min: 100_000, max: 10_000_000 });

describe('settleCurrencyChange properties', () => {
  it('never gives a negative amount', () => {
    fc.assert(
      fc.property(minor, minor, fc.integer({ min: -1_000_000, max: 100_000_000 }), rate, (cost, backup, credits, r) => {
        const settled = settleCurrencyChange({ cost, backupCost: backup, credits, rateMicros: r });
        for (const value of Object.values(settled)) expect(value).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('balances: what is due is paid by credit or card, and the credit is either used or left', () => {
    fc.assert(
      fc.property(minor, minor, minor, rate, (cost, backup, credits, r) => {
        const settled = settleCurrencyChange({ cost, backupCost: backup, credits, rateMicros: r });
        expect(settled.creditApplied + settled.total).toBe(cost + backup);
        expect(settled.creditApplied + settled.creditLeft).toBe(credits);
        // The card is charged only when no credit is left, and credit is left only when nothing is charged.
        expect(settled.total === 0 || settled.creditLeft === 0).toBe(true);
      }),
    );
  });

  it('converts the credit left to within half a minor unit of its exact value', () => {
    fc.assert(
      fc.property(minor, minor, minor, rate, (cost, backup, credits, r) => {
        const settled = settleCurrencyChange({ cost, backupCost: backup, credits, rateMicros: r });
        // |converted − creditLeft × rate| ≤ ½, in millionths of a minor unit (exact integers).
        const error = BigInt(settled.convertedCredit) * 1_000_000n - BigInt(settled.creditLeft) * BigInt(r);
        expect(error <= 500_000n && error >= -500_000n).toBe(true);
      }),
    );
  });

  it('gives more converted credit for more credit left (monotonic)', () => {
    fc.assert(
      fc.property(minor, minor, rate, (a, b, r) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertMinorUnits(low, r)).toBeLessThanOrEqual(convertMinorUnits(high, r));
      }),
    );
  });
});
