import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancelSummary,
  contractMonthOf,
  paidEditsOf,
  splitIntoInstallments,
  upgradeSummary,
  yearlySummary,
} from '../../domain/contract-math';
import type {
  CancelSummary,
  ContractFormParams,
  ContractRefusal,
  ContractState,
  UpgradeSummary,
} from '../../domain/contracts';
import {
  cancelSummaryFields,
  contractFormParamsSchema,
  contractStateSchema,
  upgradeSummaryFields,
  yearlySummaryFields,
} from '../../domain/contracts';
import type { Money } from '../../domain/money';

const usd = (amount: number, multiplier: Money['multiplier'] = 100): Money => ({ amount, multiplier, symbol: '$' });

/** A USD contract form for `edits` edits at `cents` per edit. */
function form(edits: number, cents: number): ContractFormParams {
  return {
    number_of_edits: edits,
    price_per_edit: usd(cents),
    ai_tools: { crop: usd(2), straightening: usd(2), subject_mask: usd(5), smooth_skin: usd(5) },
    currency: 'USD',
    country: 'US',
  };
}

/** The running contract of 1,000 edits at $0.45 with the 10 % discount ($405.00 a year), started 15 Jan 2026. */
function runningContract(overrides: Partial<ContractState> = {}): ContractState {
  return {
    start_date: '2026-01-15',
    number_of_edits: 1000,
    price_per_edit: usd(45),
    yearly_total: 40500,
    currency: 'USD',
    edits_used: 0,
    paid_so_far: 0,
    ...overrides,
  };
}

function upgraded(result: UpgradeSummary | ContractRefusal): UpgradeSummary {
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

function cancelled(result: CancelSummary | ContractRefusal): CancelSummary {
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('yearly contract summary', () => {
  it('prices 1,000 edits at $0.45 with 10 % off at $405.00 a year, $33.75 a month', () => {
    const summary = yearlySummary(form(1000, 45));
    expect(summary).toMatchObject({ gross_total: 45000, yearly_total: 40500, monthly_payment: 3375 });
    expect(summary.discount_percent).toBe(10);
    expect(summary.installments).toEqual(Array(12).fill(3375));
  });

  it('rounds the yearly total half up once, and gives the leftover cents to the first months', () => {
    // 1,001 × $0.45 × 0.9 = $405.405 → $405.41; 40541 = 12 × 3378 + 5.
    const summary = yearlySummary(form(1001, 45));
    expect(summary.yearly_total).toBe(40541);
    expect(summary.installments).toEqual([3379, 3379, 3379, 3379, 3379, 3378, 3378, 3378, 3378, 3378, 3378, 3378]);
    expect(summary.monthly_payment).toBe(3379);
  });

  it('discounts by tier only the edits from the tier on, and reports the effective percent', () => {
    // 4,999 × 4500 × 90 + 1,001 × 4500 × 85 = 2,407,477,500 millionths → $2,407.4775 → $2,407.48 of $2,700.00.
    const summary = yearlySummary(form(6000, 45));
    expect(summary.yearly_total).toBe(240748);
    expect(summary.gross_total).toBe(270000);
    expect(summary.discount_percent).toBe(10.83);
  });

  it('applies a staff discount flat to the whole contract instead of the tiers', () => {
    expect(yearlySummary(form(6000, 45), { discountPercent: 25 })).toMatchObject({ yearly_total: 202500 });
    expect(yearlySummary(form(1000, 45), { discountPercent: 0 })).toMatchObject({ yearly_total: 45000 });
  });

  it('keeps sub-cent prices exact until the one rounding', () => {
    // 333 × $0.0125 × 0.9 = $3.746250 → $3.75.
    const params = { ...form(333, 0), price_per_edit: usd(125, 10000) };
    expect(yearlySummary(params).yearly_total).toBe(375);
  });

  it('refuses a discount that is not a whole percent from 0 to 100', () => {
    expect(() => yearlySummary(form(10, 45), { discountPercent: 101 })).toThrow(RangeError);
    expect(() => yearlySummary(form(10, 45), { discountPercent: 2.5 })).toThrow(RangeError);
  });

  it('answers the spec’s money values', () => {
    expect(yearlySummaryFields(yearlySummary(form(1000, 45)), 'USD')).toEqual({
      monthly_payment: { amount: 3375, multiplier: 100, symbol: '$' },
      discount_percent: 10,
      yearly_total: { amount: 40500, multiplier: 100, symbol: '$' },
    });
  });
});

describe('contract form params', () => {
  it('accepts the form and refuses prices in another currency, negative prices and zero edits', () => {
    expect(contractFormParamsSchema.safeParse(form(1000, 45)).success).toBe(true);
    const inEuros = { ...form(1000, 45), price_per_edit: { amount: 45, multiplier: 100, symbol: '€' } };
    expect(contractFormParamsSchema.safeParse(inEuros).success).toBe(false);
    expect(contractFormParamsSchema.safeParse(form(1000, -1)).success).toBe(false);
    expect(contractFormParamsSchema.safeParse(form(0, 45)).success).toBe(false);
    expect(contractFormParamsSchema.safeParse({ ...form(10, 45), country: 'usa' }).success).toBe(false);
  });

  it('refuses a contract state that used or paid more than the contract holds', () => {
    expect(contractStateSchema.safeParse(runningContract()).success).toBe(true);
    expect(contractStateSchema.safeParse(runningContract({ edits_used: 1001 })).success).toBe(false);
    expect(contractStateSchema.safeParse(runningContract({ paid_so_far: 40501 })).success).toBe(false);
  });
});

describe('contract month', () => {
  it('counts months from the start day', () => {
    expect(contractMonthOf('2026-01-15', '2026-01-14')).toBe(0);
    expect(contractMonthOf('2026-01-15', '2026-01-15')).toBe(1);
    expect(contractMonthOf('2026-01-15', '2026-05-14')).toBe(4);
    expect(contractMonthOf('2026-01-15', '2026-05-15')).toBe(5);
    expect(contractMonthOf('2026-01-15', '2027-01-14')).toBe(12);
    expect(contractMonthOf('2026-01-15', '2027-01-15')).toBe(13);
  });
});

describe('upgrade summary', () => {
  // Month 5: five installments of $33.75 paid ($168.75), 600 edits used; new plan 3,000 edits at $0.40 → $1,080.00.
  const state = runningContract({ paid_so_far: 16875, edits_used: 600 });

  it('keeps the 416 edits already paid, moves the 184 used but unpaid, and splits the rest over 7 months', () => {
    // $168.75 / $0.405 = 416.67 → 416 edits paid ($168.48), $0.27 left over.
    // 2,584 edits × $0.36 = $930.24, less $0.27 = $929.97 = 7 × $132.85 + 2¢.
    const summary = upgraded(upgradeSummary(state, form(3000, 40), '2026-05-20'));
    expect(summary).toMatchObject({
      old_plan_monthly_payment: 3375,
      new_plan_monthly_payment: 9000,
      payment_method: 'Split remaining balance over the remaining months',
      paid_edits: 416,
      amount_of_unpaid_edits_moved_to_new_plan: 184,
      edits_charged_under_new_plan: 2584,
      remaining_balance: 92997,
      remaining_months: 7,
      finalized_monthly_payment: 13286,
    });
    expect(summary.installments).toEqual([13286, 13286, 13285, 13285, 13285, 13285, 13285]);
    expect(summary.due_now).toBe(0);
  });

  it('moves no edits when the payments cover every edit used', () => {
    const summary = upgraded(upgradeSummary({ ...state, edits_used: 400 }, form(3000, 40), '2026-05-20'));
    expect(summary.amount_of_unpaid_edits_moved_to_new_plan).toBe(0);
  });

  it('credits old-plan money worth less than an edit when it exceeds the new charge', () => {
    // 3 edits for $3.00, $1.50 paid: 1 edit paid ($1.00), $0.50 left; the new plan's 3 other edits cost $0.03.
    const small = runningContract({
      number_of_edits: 3,
      price_per_edit: usd(100),
      yearly_total: 300,
      paid_so_far: 150,
    });
    const summary = upgraded(upgradeSummary(small, form(4, 1), '2026-03-20', { discountPercent: 0 }));
    expect(summary).toMatchObject({ paid_edits: 1, edits_charged_under_new_plan: 3, remaining_balance: 0 });
    expect(summary.credit_to_customer).toBe(47);
  });

  it('asks for the whole balance at once in the last month', () => {
    const summary = upgraded(upgradeSummary(state, form(3000, 40), '2026-12-20'));
    expect(summary.remaining_months).toBe(1);
    expect(summary.finalized_monthly_payment).toBe(summary.remaining_balance);
    expect(summary.due_now).toBe(summary.remaining_balance);
  });

  it('asks for nothing at once in the eleventh month: the one installment left is next month’s', () => {
    const summary = upgraded(upgradeSummary(state, form(3000, 40), '2026-11-20'));
    expect(summary.remaining_months).toBe(1);
    expect(summary.due_now).toBe(0);
  });

  it('refuses a smaller plan, another currency, and days outside the contract year', () => {
    expect(upgradeSummary(state, form(1000, 40), '2026-05-20')).toEqual({ refused: 'NOT_AN_UPGRADE' });
    expect(upgradeSummary(state, { ...form(3000, 40), currency: 'EUR' }, '2026-05-20')).toEqual({
      refused: 'CURRENCY_MISMATCH',
    });
    expect(upgradeSummary(state, form(3000, 40), '2026-01-01')).toEqual({ refused: 'NOT_STARTED' });
    expect(upgradeSummary(state, form(3000, 40), '2027-02-01')).toEqual({ refused: 'CONTRACT_ENDED' });
  });

  it('answers the spec’s fields', () => {
    const fields = upgradeSummaryFields(upgraded(upgradeSummary(state, form(3000, 40), '2026-05-20')), 'USD');
    expect(fields.finalized_monthly_payment).toEqual({ amount: 13286, multiplier: 100, symbol: '$' });
    expect(fields.amount_of_unpaid_edits_moved_to_new_plan).toBe(184);
  });
});

describe('cancel summary', () => {
  it('bills 700 edits used by month 7 pay-as-you-go ($315.00) against $236.25 paid: $78.75 to pay now', () => {
    const summary = cancelled(cancelSummary(runningContract({ paid_so_far: 23625, edits_used: 700 }), '2026-07-20'));
    expect(summary).toEqual({
      rates: 'Pay-as-you-go',
      used_value: 31500,
      pay_now_amount: 7875,
      credits_customer_will_get: 0,
    });
  });

  it('credits what was paid beyond 300 edits used ($135.00): $101.25', () => {
    const summary = cancelled(cancelSummary(runningContract({ paid_so_far: 23625, edits_used: 300 }), '2026-07-20'));
    expect(summary).toMatchObject({ pay_now_amount: 0, credits_customer_will_get: 10125 });
    expect(cancelSummaryFields(summary, 'USD', 42)).toEqual({
      user_id: 42,
      rates: 'Pay-as-you-go',
      pay_now_amount: { amount: 0, multiplier: 100, symbol: '$' },
      credits_customer_will_get: { amount: 10125, multiplier: 100, symbol: '$' },
    });
  });

  it('refuses outside the contract year', () => {
    expect(cancelSummary(runningContract(), '2027-01-15')).toEqual({ refused: 'CONTRACT_ENDED' });
  });
});

const multiplierArb = fc.constantFrom<Money['multiplier']>(1, 100, 10000);
/** A USD price from 0 to $10 in any of the spec's multipliers. */
const priceArb = multiplierArb.chain((multiplier) =>
  fc.integer({ min: 0, max: 10 * multiplier }).map((amount) => usd(amount, multiplier)),
);
const formArb = fc
  .record({ edits: fc.integer({ min: 1, max: 100_000 }), price: priceArb })
  .map(({ edits, price }) => ({ ...form(edits, 0), price_per_edit: price }));
const discountArb = fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined });
/** A running contract on a day inside its year, priced as `yearlySummary` would, with any usage and payments. */
const runningArb = fc
  .record({
    params: formArb,
    discount: discountArb,
    used: fc.double({ min: 0, max: 1, noNaN: true }),
    paid: fc.double({ min: 0, max: 1, noNaN: true }),
    month: fc.integer({ min: 1, max: 12 }),
  })
  .map(({ params, discount, used, paid, month }) => {
    const yearlyTotal = yearlySummary(params, { discountPercent: discount }).yearly_total;
    const state = runningContract({
      number_of_edits: params.number_of_edits,
      price_per_edit: params.price_per_edit,
      yearly_total: yearlyTotal,
      edits_used: Math.floor(used * params.number_of_edits),
      paid_so_far: Math.floor(paid * yearlyTotal),
    });
    const today = `2026-${String(month).padStart(2, '0')}-20`; // in month `month` of a contract started 15 Jan
    return { params, state, today, month };
  });

describe('contract arithmetic, for every input', () => {
  it('never gives a negative total, and the 12 installments sum to the yearly total, a cent apart at most', () => {
    fc.assert(
      fc.property(formArb, discountArb, (params, discountPercent) => {
        const summary = yearlySummary(params, { discountPercent });
        expect(summary.yearly_total).toBeGreaterThanOrEqual(0);
        expect(summary.yearly_total).toBeLessThanOrEqual(summary.gross_total);
        expect(summary.installments).toHaveLength(12);
        expect(sum(summary.installments)).toBe(summary.yearly_total);
        expect(Math.max(...summary.installments) - Math.min(...summary.installments)).toBeLessThanOrEqual(1);
        expect(summary.monthly_payment).toBe(summary.installments[0]);
      }),
    );
  });

  it('never lowers the yearly total when edits go up, with the tiers or a fixed discount', () => {
    fc.assert(
      fc.property(formArb, fc.integer({ min: 1, max: 30_000 }), discountArb, (params, more, discountPercent) => {
        const bigger = { ...params, number_of_edits: params.number_of_edits + more };
        const options = { discountPercent };
        expect(yearlySummary(bigger, options).yearly_total).toBeGreaterThanOrEqual(
          yearlySummary(params, options).yearly_total,
        );
      }),
    );
  });

  it('splits any amount into installments that sum to it', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 1, max: 12 }), (total, count) => {
        const installments = splitIntoInstallments(total, count);
        expect(sum(installments)).toBe(total);
        expect(installments.every((installment) => installment >= 0)).toBe(true);
      }),
    );
  });

  it('never charges an upgrade twice for the same edits', () => {
    fc.assert(
      fc.property(runningArb, fc.integer({ min: 1, max: 50_000 }), priceArb, ({ state, today }, more, price) => {
        const newParams = { ...form(state.number_of_edits + more, 0), price_per_edit: price };
        const newPlan = yearlySummary(newParams);
        const summary = upgraded(upgradeSummary(state, newParams, today));
        // Paid edits are exactly the ones the money paid covers at the old discounted price.
        const paidEdits = summary.paid_edits;
        expect(paidEdits * state.yearly_total).toBeLessThanOrEqual(state.paid_so_far * state.number_of_edits);
        if (paidEdits < state.number_of_edits) {
          expect((paidEdits + 1) * state.yearly_total).toBeGreaterThan(state.paid_so_far * state.number_of_edits);
        }
        // No edit is counted both as paid and as charged; unpaid used edits are charged among the new ones, once.
        expect(paidEdits + summary.edits_charged_under_new_plan).toBe(newParams.number_of_edits);
        expect(summary.amount_of_unpaid_edits_moved_to_new_plan).toBe(Math.max(0, state.edits_used - paidEdits));
        expect(summary.amount_of_unpaid_edits_moved_to_new_plan).toBeLessThanOrEqual(
          summary.edits_charged_under_new_plan,
        );
        // Over the contract's life the customer pays each edit once: the paid ones at the old plan's price per
        // edit, every other one at the new plan's, each rounded half up to the cent.
        const oldPriceOfPaid = Math.round((paidEdits * state.yearly_total) / state.number_of_edits);
        const newPriceOfCharged = Math.round(
          (summary.edits_charged_under_new_plan * newPlan.yearly_total) / newParams.number_of_edits,
        );
        const lifetime = state.paid_so_far + summary.remaining_balance - summary.credit_to_customer;
        expect(lifetime).toBe(Math.min(state.paid_so_far, oldPriceOfPaid) + newPriceOfCharged);
        expect(lifetime).toBeLessThanOrEqual(state.paid_so_far + newPriceOfCharged);
        expect(summary.remaining_balance).toBeGreaterThanOrEqual(0);
        expect(summary.credit_to_customer).toBeGreaterThanOrEqual(0);
        expect(summary.remaining_balance === 0 || summary.credit_to_customer === 0).toBe(true);
        expect(sum(summary.installments)).toBe(summary.remaining_balance);
        expect(summary.installments).toHaveLength(summary.remaining_months);
      }),
    );
  });

  it('balances a cancel exactly: paid + pay now − credits = what was used, one side always 0', () => {
    fc.assert(
      fc.property(runningArb, ({ state, today }) => {
        const summary = cancelled(cancelSummary(state, today));
        const { pay_now_amount: payNow, credits_customer_will_get: credits } = summary;
        expect(state.paid_so_far + payNow - credits).toBe(summary.used_value);
        expect(payNow).toBeGreaterThanOrEqual(0);
        expect(credits).toBeGreaterThanOrEqual(0);
        expect(payNow === 0 || credits === 0).toBe(true);
      }),
    );
  });

  it('finds the paid edits of a state without losing money', () => {
    fc.assert(
      fc.property(runningArb, ({ state }) => {
        const { paidEdits, leftover } = paidEditsOf(state);
        expect(paidEdits).toBeGreaterThanOrEqual(0);
        expect(paidEdits).toBeLessThanOrEqual(state.number_of_edits);
        expect(leftover).toBeGreaterThanOrEqual(0);
        expect(leftover).toBeLessThanOrEqual(state.paid_so_far);
      }),
    );
  });
});
