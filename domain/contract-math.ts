import { z } from 'zod';
import type {
  CancelSummary,
  ContractFormParams,
  ContractRefusal,
  ContractState,
  UpgradeSummary,
  YearlySummary,
} from './contracts';
import { contractMonths } from './contracts';
import type { Money } from './money';

/**
 * Yearly volume discount, graduated like tax brackets: each tier's percent applies only to the edits from its
 * `fromEdits` on. Every yearly contract gets the spec's sample 10 %; a whole-contract tier would let 5,000 edits
 * cost less than 4,999, so graduated tiers are what keep "more edits never lowers the yearly total" true.
 */
export const yearlyDiscountTiers = [
  { fromEdits: 1, percent: 10 },
  { fromEdits: 5_000, percent: 15 },
  { fromEdits: 20_000, percent: 20 },
] as const;

/** The rate a cancelled contract's used edits are billed at. */
export const payAsYouGoRates = 'Pay-as-you-go';
/** How an upgrade's remaining balance is paid. */
export const upgradePaymentMethod = 'Split remaining balance over the remaining months';

/** A flat whole-contract discount: a whole percent from 0 to 100. */
export const discountPercentSchema = z.number().int().min(0).max(100);

/** Options of `yearlySummary`: a flat whole-contract discount that replaces the tier table (staff override). */
export type YearlyOptions = { discountPercent?: number };

/** `numerator / denominator` rounded half up to an integer; exact (BigInt), for non-negative inputs. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** A price in 1/10000 of a major unit, exactly, whatever its multiplier (1, 100 or 10000). */
export function priceInTenThousandths(price: Money): bigint {
  return BigInt(price.amount) * BigInt(10_000 / price.multiplier);
}

/** `edits × price` in minor units, rounded half up once at the end. */
export function priceOfEdits(edits: number, price: Money): number {
  return divideRoundHalfUp(BigInt(edits) * priceInTenThousandths(price), 100n);
}

/**
 * Splits `total` minor units into `count` installments that sum exactly to it: each is ⌊total / count⌋ and the
 * first `total mod count` get one minor unit more, so the first installment is the largest.
 */
export function splitIntoInstallments(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const remainder = total - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}

/** Edits of `numberOfEdits` that fall into each discount percent, by the tier table. */
function editsPerPercent(numberOfEdits: number): { edits: number; percent: number }[] {
  return yearlyDiscountTiers.map((tier, index) => {
    const nextFrom = yearlyDiscountTiers[index + 1]?.fromEdits ?? Number.POSITIVE_INFINITY;
    const edits = Math.max(0, Math.min(numberOfEdits, nextFrom - 1) - tier.fromEdits + 1);
    return { edits, percent: tier.percent };
  });
}

/**
 * The yearly contract for a form: list price × edits, less the discount (tiers, or `discountPercent` flat), rounded
 * half up once to the minor unit, then split into 12 installments that sum exactly to the yearly total.
 */
export function yearlySummary(params: ContractFormParams, options: YearlyOptions = {}): YearlySummary {
  if (options.discountPercent !== undefined && !discountPercentSchema.safeParse(options.discountPercent).success) {
    throw new RangeError(`discountPercent must be a whole percent from 0 to 100, not ${options.discountPercent}`);
  }
  const price = priceInTenThousandths(params.price_per_edit);
  const shares =
    options.discountPercent === undefined
      ? editsPerPercent(params.number_of_edits)
      : [{ edits: params.number_of_edits, percent: options.discountPercent }];
  // Both sums are in 1/1,000,000 of a major unit: edits × (1/10000 units) × percent-of-100.
  const gross = BigInt(params.number_of_edits) * price * 100n;
  const discounted = shares.reduce((sum, share) => sum + BigInt(share.edits) * price * BigInt(100 - share.percent), 0n);
  const yearlyTotal = divideRoundHalfUp(discounted, 10_000n);
  const installments = splitIntoInstallments(yearlyTotal, contractMonths);
  return {
    monthly_payment: installments[0] ?? 0,
    discount_percent: gross === 0n ? 0 : divideRoundHalfUp((gross - discounted) * 10_000n, gross) / 100,
    yearly_total: yearlyTotal,
    gross_total: divideRoundHalfUp(gross, 10_000n),
    installments,
  };
}

/** The month of the contract `today` falls in (1 = first), or 0 before the start; by calendar day of the month. */
export function contractMonthOf(startDate: string, today: string): number {
  const [startYear = 0, startMonth = 0, startDay = 0] = startDate.split('-').map(Number);
  const [year = 0, month = 0, day = 0] = today.split('-').map(Number);
  const whole = (year - startYear) * 12 + (month - startMonth) - (day < startDay ? 1 : 0);
  return whole < 0 ? 0 : whole + 1;
}

/** Refuses a summary for a day outside the contract year. */
function termRefusal(state: ContractState, today: string): ContractRefusal | undefined {
  const month = contractMonthOf(state.start_date, today);
  if (month === 0) return { refused: 'NOT_STARTED' };
  if (month > contractMonths) return { refused: 'CONTRACT_ENDED' };
  return undefined;
}

/**
 * Edits the money paid so far fully covers at the contract's discounted price per edit (yearly_total / edits),
 * and the money left over that is worth less than one edit. A free contract covers all its edits.
 */
export function paidEditsOf(state: ContractState): { paidEdits: number; leftover: number } {
  if (state.yearly_total === 0) return { paidEdits: state.number_of_edits, leftover: state.paid_so_far };
  const covered = (BigInt(state.paid_so_far) * BigInt(state.number_of_edits)) / BigInt(state.yearly_total);
  const paidEdits = Math.min(state.number_of_edits, Number(covered));
  const valueOfPaid = divideRoundHalfUp(BigInt(paidEdits) * BigInt(state.yearly_total), BigInt(state.number_of_edits));
  return { paidEdits, leftover: state.paid_so_far - Math.min(state.paid_so_far, valueOfPaid) };
}

/**
 * Upgrading a running contract to `newParams` for the rest of the same contract year. Edits the old plan's payments
 * fully covered stay paid and are deducted from the new plan's edits; the rest of the new plan's edits (which include
 * the used-but-unpaid ones) are charged once, at the new plan's discounted price per edit, less old-plan money worth
 * less than an edit (credited if it exceeds the charge); the balance is split over the months left after the current
 * one (at least one: paid now).
 */
export function upgradeSummary(
  state: ContractState,
  newParams: ContractFormParams,
  today: string,
  options: YearlyOptions = {},
): UpgradeSummary | ContractRefusal {
  const refusal = termRefusal(state, today);
  if (refusal) return refusal;
  if (newParams.currency !== state.currency) return { refused: 'CURRENCY_MISMATCH' };
  if (newParams.number_of_edits <= state.number_of_edits) return { refused: 'NOT_AN_UPGRADE' };

  const newPlan = yearlySummary(newParams, options);
  const { paidEdits, leftover } = paidEditsOf(state);
  const editsCharged = newParams.number_of_edits - paidEdits;
  const priceOfCharged = divideRoundHalfUp(
    BigInt(editsCharged) * BigInt(newPlan.yearly_total),
    BigInt(newParams.number_of_edits),
  );
  const remainingBalance = Math.max(0, priceOfCharged - leftover);
  const creditToCustomer = Math.max(0, leftover - priceOfCharged);
  const month = contractMonthOf(state.start_date, today);
  const remainingMonths = Math.max(1, contractMonths - month);
  const installments = splitIntoInstallments(remainingBalance, remainingMonths);
  return {
    new_plan_monthly_payment: newPlan.monthly_payment,
    old_plan_monthly_payment: splitIntoInstallments(state.yearly_total, contractMonths)[0] ?? 0,
    payment_method: upgradePaymentMethod,
    finalized_monthly_payment: installments[0] ?? 0,
    amount_of_unpaid_edits_moved_to_new_plan: Math.max(0, state.edits_used - paidEdits),
    paid_edits: paidEdits,
    edits_charged_under_new_plan: editsCharged,
    remaining_balance: remainingBalance,
    credit_to_customer: creditToCustomer,
    remaining_months: remainingMonths,
    installments,
    due_now: month >= contractMonths ? remainingBalance : 0,
  };
}

/**
 * Cancelling a running contract: the yearly discount is forfeited, so the edits used are priced pay-as-you-go at the
 * list price per edit; what was paid beyond that is credited, what is short of it is paid now (one of the two is 0).
 */
export function cancelSummary(state: ContractState, today: string): CancelSummary | ContractRefusal {
  const refusal = termRefusal(state, today);
  if (refusal) return refusal;
  const usedValue = priceOfEdits(state.edits_used, state.price_per_edit);
  const owed = usedValue - state.paid_so_far;
  return {
    rates: payAsYouGoRates,
    pay_now_amount: Math.max(0, owed),
    credits_customer_will_get: Math.max(0, -owed),
    used_value: usedValue,
  };
}
