import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customCreditPackageForm,
  customCreditPackageRequest,
  discountPercent,
  extraCreditsEarned,
  listPriceMinor,
  maxCreditsPerPackage,
  minimumPriceMinor,
  priceRefusal,
} from '../../domain/credit-packages';

const credits = fc.integer({ min: 1, max: maxCreditsPerPackage });
/** A package the rules accept: credits and a price between the minimum and the list price. */
const validPackage = credits.chain((count) =>
  fc.integer({ min: minimumPriceMinor(count), max: listPriceMinor(count) }).map((price) => ({ count, price })),
);

describe('custom credit packages: pricing', () => {
  it('prices examples: one credit is one unit of the currency; extra credits are what the price does not pay for', () => {
    expect(listPriceMinor(500)).toBe(50_000);
    expect(extraCreditsEarned(500, 45_000)).toBe(50);
    expect(extraCreditsEarned(500, 45_050)).toBe(49);
    expect(extraCreditsEarned(500, 50_000)).toBe(0);
    expect(extraCreditsEarned(1, 50)).toBe(0);
    expect(discountPercent(500, 45_000)).toBe(10);
    expect(discountPercent(3, 200)).toBe(33.3);
    expect(minimumPriceMinor(500)).toBe(25_000);
    expect(minimumPriceMinor(1)).toBe(50);
  });

  it('refuses a price above the list price or below the largest discount, naming the bound in the currency', () => {
    expect(priceRefusal(500, 45_000, 'USD')).toBeNull();
    expect(priceRefusal(500, 50_000, 'USD')).toBeNull();
    expect(priceRefusal(500, 25_000, 'EUR')).toBeNull();
    expect(priceRefusal(500, 50_001, 'USD')).toBe('must be at most $500.00, the list price of 500 credits');
    expect(priceRefusal(1000, 49_999, 'GBP')).toBe(
      'must be at least £500.00: a package may give at most 50 % off the list price of £1,000.00',
    );
  });

  it('property: extra credits are never negative and never more than the credits bought', () => {
    fc.assert(
      fc.property(credits, fc.integer({ min: 1, max: 20_000_000 }), (count, price) => {
        const extra = extraCreditsEarned(count, price);
        expect(extra).toBeGreaterThanOrEqual(0);
        expect(extra).toBeLessThanOrEqual(count);
        expect(Number.isInteger(extra)).toBe(true);
      }),
    );
  });

  it('property: more credits for the same price never earn fewer extra; a higher price never earns more', () => {
    fc.assert(
      fc.property(credits, credits, fc.integer({ min: 1, max: 20_000_000 }), (a, b, price) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        expect(extraCreditsEarned(more, price)).toBeGreaterThanOrEqual(extraCreditsEarned(fewer, price));
      }),
    );
    fc.assert(
      fc.property(
        credits,
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (n, p, d) => {
          expect(extraCreditsEarned(n, p + d)).toBeLessThanOrEqual(extraCreditsEarned(n, p));
        },
      ),
    );
  });

  it('property: an accepted package pays for its credits less the extra, and its extra is at most half of them', () => {
    fc.assert(
      fc.property(validPackage, ({ count, price }) => {
        expect(priceRefusal(count, price, 'USD')).toBeNull();
        const extra = extraCreditsEarned(count, price);
        // What the price buys at list price, rounded up, plus the extra is exactly the credits added.
        expect(Math.ceil(price / 100) + extra).toBe(count);
        expect(extra * 2).toBeLessThanOrEqual(count);
        expect(discountPercent(count, price)).toBeGreaterThanOrEqual(0);
        expect(discountPercent(count, price)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('property: every price outside the bounds is refused', () => {
    fc.assert(
      fc.property(credits, fc.integer({ min: 1, max: 10_000_000 }), (count, offset) => {
        expect(priceRefusal(count, listPriceMinor(count) + offset, 'USD')).toMatch(/^must be at most/);
        const low = minimumPriceMinor(count) - offset;
        if (low > 0) expect(priceRefusal(count, low, 'USD')).toMatch(/^must be at least/);
      }),
    );
  });

  it('turns the console’s form (price in units) into the calls’ body (a PRICE in minor units)', () => {
    const form = customCreditPackageForm.parse({ amount_of_credits: 500, price: 450.1 });
    expect(customCreditPackageRequest(42, form, 'EUR')).toEqual({
      user_id: 42,
      custom_credit_package_details: {
        credit_details: { amount_of_credits: 500 },
        price: { amount: 45_010, multiplier: 100, symbol: '€' },
      },
    });
    expect(customCreditPackageForm.safeParse({ amount_of_credits: 500, price: 450.123 }).success).toBe(false);
    expect(customCreditPackageForm.safeParse({ amount_of_credits: 0, price: 1 }).success).toBe(false);
    expect(customCreditPackageForm.safeParse({ amount_of_credits: 1.5, price: 1 }).success).toBe(false);
  });
});
