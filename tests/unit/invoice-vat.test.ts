import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euVatRatesBp, formatRate, splitVat } from '../../domain/invoice-vat';

describe('invoice VAT', () => {
  it('reverse-charges an EU business in another member state', () => {
    expect(splitVat(4900, { country: 'DE', vatId: 'DE123456789' }, 'IE')).toMatchObject({
      subtotal: 4900,
      vat: 0,
      rateBp: 0,
      note: expect.stringContaining('Reverse charge'),
    });
  });

  it('charges the customer country’s VAT to an EU consumer, included in the amount charged', () => {
    expect(splitVat(4900, { country: 'FR', vatId: null }, 'IE')).toMatchObject({
      subtotal: 4083,
      vat: 817,
      rateBp: 2000,
    });
    expect(splitVat(4900, { country: 'de', vatId: '  ' }, 'IE')).toMatchObject({
      subtotal: 4118,
      vat: 782,
      rateBp: 1900,
    });
  });

  it('charges domestic VAT to a business in the seller’s own country', () => {
    expect(splitVat(12300, { country: 'IE', vatId: 'IE1234567T' }, 'IE')).toMatchObject({ subtotal: 10000, vat: 2300 });
  });

  it('puts customers outside the EU, or of unknown country, outside the scope of EU VAT', () => {
    for (const country of ['US', 'GB', 'CH', null]) {
      expect(splitVat(2999, { country, vatId: 'GB123' }, 'IE')).toMatchObject({ subtotal: 2999, vat: 0, rateBp: 0 });
    }
  });

  it('formats rates with up to two decimals', () => {
    expect(formatRate(2300)).toBe('23 %');
    expect(formatRate(2550)).toBe('25.5 %');
    expect(formatRate(0)).toBe('0 %');
  });

  it('always splits the total exactly: subtotal + VAT = total, VAT never negative nor above the rate', () => {
    const countries = [...Object.keys(euVatRatesBp), 'US', 'GB', null];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(...countries),
        fc.option(fc.constant('XX123456789')),
        (total, country, vatId) => {
          const split = splitVat(total, { country, vatId }, 'IE');
          expect(split.subtotal + split.vat).toBe(total);
          expect(split.total).toBe(total);
          expect(split.vat).toBeGreaterThanOrEqual(0);
          expect(split.vat).toBeLessThanOrEqual(Math.ceil((split.subtotal * split.rateBp) / 10_000) + 1);
        },
      ),
    );
  });
});
