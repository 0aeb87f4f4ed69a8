import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyOfSymbol, formatMoney, isMoney, money, moneySchema, toMinorUnits } from '../../domain/money';

describe('money', () => {
  it('is built from integer minor units with multiplier 100 and the currency’s symbol', () => {
    expect(money(123450, 'USD')).toEqual({ amount: 123450, multiplier: 100, symbol: '$' });
    expect(money(-300, 'GBP')).toEqual({ amount: -300, multiplier: 100, symbol: '£' });
    expect(money(99, 'EUR').symbol).toBe('€');
  });

  it('converts any multiplier to minor units, rounding half away from zero', () => {
    expect(toMinorUnits({ amount: 12, multiplier: 1, symbol: '$' })).toBe(1200);
    expect(toMinorUnits({ amount: 1234, multiplier: 100, symbol: '$' })).toBe(1234);
    expect(toMinorUnits({ amount: 123456, multiplier: 10000, symbol: '$' })).toBe(1235);
    expect(toMinorUnits({ amount: -123450, multiplier: 10000, symbol: '$' })).toBe(-1235);
  });

  it('formats for people with the currency’s conventions', () => {
    expect(formatMoney(money(123450, 'USD'))).toBe('$1,234.50');
    expect(formatMoney(money(-300, 'GBP'))).toBe('-£3.00');
    expect(formatMoney({ amount: 5, multiplier: 1, symbol: '€' })).toBe('€5.00');
    expect(formatMoney({ amount: 250, multiplier: 100, symbol: 'USD' })).toBe('$2.50');
  });

  it('knows a currency by code or symbol, and nothing else', () => {
    expect(currencyOfSymbol('£')).toBe('GBP');
    expect(currencyOfSymbol('EUR')).toBe('EUR');
    expect(currencyOfSymbol('¥')).toBeUndefined();
  });

  it('accepts only the spec’s multipliers and whole amounts', () => {
    expect(moneySchema.safeParse({ amount: 10, multiplier: 100, symbol: '$' }).success).toBe(true);
    expect(moneySchema.safeParse({ amount: 10, multiplier: 10, symbol: '$' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 1.5, multiplier: 100, symbol: '$' }).success).toBe(false);
  });
});

describe('isMoney', () => {
  it('accepts exactly what moneySchema accepts (table cells format money without zod)', () => {
    const candidate = fc.record(
      {
        amount: fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2), fc.string()),
        multiplier: fc.constantFrom(1, 10, 100, 1000, 10000, '100'),
        symbol: fc.string({ maxLength: 5 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(candidate, fc.constant(null), fc.string()), (value) => {
        expect(isMoney(value)).toBe(moneySchema.safeParse(value).success);
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });
});
