import { describe, expect, it } from 'vitest';
import { currencyPreview } from '../../commands/currency/change-currency';
import type { CurrencySummary } from '../../domain/currency';

const usd = (amount: number) => ({ amount, multiplier: 100 as const, symbol: '$' });
const eur = (amount: number) => ({ amount, multiplier: 100 as const, symbol: '€' });

function summary(total: number, left: number, converted: number, blocked: string | null = null): CurrencySummary {
  return {
    user_currency: { symbol: '$', code: 'USD' },
    new_currency: { symbol: '€', code: 'EUR' },
    charge_info: {
      cost: { label: 'Usage this period, not yet charged', value: usd(2350) },
      backup_cost: { label: 'Backup plan, prorated to today', value: usd(499) },
      credits: { label: 'Credit balance (used first)', value: usd(2849 - total + left) },
      total: { label: 'Charged to the card now, in USD', value: usd(total) },
    },
    exchange_rate: '1 USD = 0.9213 EUR',
    amount_left_after_charge: { label: 'Credit left after the charge, in USD', value: usd(left) },
    credit_in_new_currency: { label: 'Credit carried over, in EUR', value: eur(converted) },
    blocked,
  };
}

describe('the Change currency preview', () => {
  it('names what is charged now in the old currency and what is carried over in the new one', () => {
    const preview = currencyPreview(summary(1849, 0, 0));
    expect(preview.headline).toBe('Charges $18.49 now, in USD; carries €0.00 of credit over to EUR.');
    expect(preview.lines).toContainEqual({ label: 'Charged to the card now, in USD', value: '$18.49', emphasis: true });
    expect(preview.lines).toContainEqual({ label: 'Exchange rate', value: '1 USD = 0.9213 EUR' });
    expect(preview.blocked).toBeUndefined();
  });

  it('says nothing is charged when the credit covers the open period, and passes a block on', () => {
    const preview = currencyPreview(summary(0, 3500, 3225, 'Retry the failed charge first'));
    expect(preview.headline).toBe('Charges nothing now; carries €32.25 of credit over to EUR.');
    expect(preview.lines.at(-1)).toEqual({ label: 'Credit carried over, in EUR', value: '€32.25', emphasis: true });
    expect(preview.blocked).toBe('Retry the failed charge first');
  });
});
