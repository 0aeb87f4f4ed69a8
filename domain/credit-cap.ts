import { giveCreditCappedMax } from './user-actions';

/**
 * Most credit one staff member of a capped role (give_credit_capped without give_credit) may give one customer within
 * `creditCapWindowHours`, in units of the customer's currency: two full actions of `giveCreditCappedMax`.
 */
export const giveCreditCappedDailyMax = 100;
/** The daily cap looks back this long (a rolling window: no time zone decides when a day starts). */
export const creditCapWindowHours = 24;

/** Whether a capped giver may give `amount`, and if not which cap stops it and what is left under it. */
export type CreditCapVerdict = { ok: true } | { ok: false; cap: 'per_action' | 'daily'; limit: number; left: number };

const cents = (units: number) => Math.round(units * 100);

/**
 * The capped roles' credit rule, the same in the form and on the server: at most `giveCreditCappedMax` per action and
 * `giveCreditCappedDailyMax` per customer within the window. `givenInWindow`: what this staff member already gave this
 * customer in the window (units; the server sums its ledger, the form does not know it and passes 0). Uncapped
 * roles are only held to the schema's maximum.
 */
export function checkCreditCap(amount: number, capped: boolean, givenInWindow = 0): CreditCapVerdict {
  if (!capped) return { ok: true };
  if (cents(amount) > cents(giveCreditCappedMax)) {
    return { ok: false, cap: 'per_action', limit: giveCreditCappedMax, left: giveCreditCappedMax };
  }
  const left = Math.max(0, cents(giveCreditCappedDailyMax) - cents(givenInWindow)) / 100;
  if (cents(amount) > cents(left)) return { ok: false, cap: 'daily', limit: giveCreditCappedDailyMax, left };
  return { ok: true };
}

/** Why an amount is refused, lower-case first (the server prefixes `amount: `, the form capitalises it). */
export function creditCapMessage(
  verdict: Extract<CreditCapVerdict, { ok: false }>,
  format: (units: number) => string,
): string {
  if (verdict.cap === 'per_action') {
    return `your role may give at most ${format(verdict.limit)} per action; ask a PL2, a master or an admin for more`;
  }
  const left = verdict.left > 0 ? `${format(verdict.left)} is left` : 'nothing is left';
  return `your role may give one customer at most ${format(verdict.limit)} within ${creditCapWindowHours} hours; ${left} for this customer`;
}
