import type { Endpoint } from '../../domain/endpoint';
import type { ChargePurpose, charges } from '../db/schema';
import type { StaffCallContext } from '../http/handler';

/** What a payment call wants charged to the customer's stored card, in integer minor units. */
export interface PlannedCharge {
  customerId: number;
  amount: number;
  currency: string;
  purpose: ChargePurpose;
  /** One line for the ledger, the invoice and the provider's dashboard, e.g. "Custom credit package: 500 credits". */
  description: string;
}

/** Who this payment is at the provider: `prepare` needs it to tell its own pending attempt from another's. */
export interface PaymentIdentity {
  /** `loupe:<staff id>:<Idempotency-Key>`: the provider idempotency key of this request. */
  providerKey: string;
}

/** What a payment call wants refunded to the card of one of the customer's ledger charges, in its minor units. */
export interface PlannedRefund {
  customerId: number;
  amount: number;
  currency: string;
  purpose: ChargePurpose;
  description: string;
  /** The ledger charge refunded and the provider's id of it. */
  refundOf: number;
  providerChargeId: string;
  /** The project refunded, if any: a pending refund counts against its refundable rest. */
  projectId: number | null;
}

/**
 * What `prepare` decided: the charge to make (null: nothing to charge, e.g. a zero total) or the refund to make
 * (never both), and data for `record`.
 */
export interface PaymentPlan<T> {
  charge: PlannedCharge | null;
  refund?: PlannedRefund | null;
  data: T;
}

/** The ledger row the pipeline wrote for the gateway's answer (same transaction as `record`). */
export type LedgerCharge = typeof charges.$inferSelect;

/** What the card did: charged, declined (a FAILED ledger row was written), or nothing was charged. */
export type PaymentOutcome =
  | { status: 'succeeded'; charge: LedgerCharge }
  | { status: 'declined'; charge: LedgerCharge; code: string; message: string }
  | { status: 'not_charged' };

/**
 * What a refund call's card did: refunded (a REFUND ledger row was written), refused by the provider (no ledger
 * row: nothing moved), or nothing was asked of the card (e.g. a refund as credit).
 */
export type RefundOutcome =
  | { status: 'refunded'; refund: LedgerCharge }
  | { status: 'refund_declined'; code: string; message: string }
  | { status: 'not_charged' };

/**
 * A money call that charges a card. The pipeline (server/http/register.ts) runs it in three steps, after claiming
 * the Idempotency-Key:
 * 1. `prepare` in a transaction: check and price the action (throw `fail(…)` for a 4xx); the pipeline then commits
 *    a pending `payment_attempts` row naming the provider key `loupe:<staff id>:<Idempotency-Key>`.
 * 2. the gateway call, outside any transaction, keyed by that provider key (a retry can never charge twice).
 * 3. `record` in a second transaction, which also holds the ledger row of the charge (succeeded or declined), the
 *    attempt's closing, the audit row and the stored answer: all or nothing. To answer an error but keep the
 *    declined charge's row and what `record` wrote (retry counts), throw `fail(code, { keepChanges: true })`.
 * If step 3 fails, nothing of it is kept and the key is released: the same request again gets the provider's
 * stored answer for the same key (no second charge) and records it then; `reconcilePayments` closes attempts that
 * nobody retried.
 */
export interface PaymentHandler<E extends Endpoint = Endpoint, T = unknown> {
  readonly kind: 'payment';
  readonly endpoint: E;
  prepare(context: StaffCallContext<E>, payment: PaymentIdentity): Promise<PaymentPlan<T>>;
  /** A charge call gets a PaymentOutcome, a refund call (`handleRefund`, its plan names a refund) a RefundOutcome. */
  record(context: StaffCallContext<E>, data: T, outcome: PaymentOutcome | RefundOutcome): Promise<unknown>;
}

/** What a money call implements: `prepare` (step 1) and `record` (step 3) of `PaymentHandler`, for its kind's outcome. */
interface MoneyCallSteps<E extends Endpoint, T, O extends PaymentOutcome | RefundOutcome> {
  prepare(context: StaffCallContext<E>, payment: PaymentIdentity): Promise<PaymentPlan<T>>;
  record(context: StaffCallContext<E>, data: T, outcome: O): Promise<unknown>;
}

/** What each kind of money call refuses: a plan naming the other kind of payment, the other kind's outcomes. */
const callKinds = {
  charge: {
    plansOther: (plan: PaymentPlan<unknown>) => Boolean(plan.refund),
    otherPlan: 'a charge call cannot plan a refund (use handleRefund)',
    otherOutcomes: ['refunded', 'refund_declined'],
    otherOutcome: "a charge call got a refund's outcome",
  },
  refund: {
    plansOther: (plan: PaymentPlan<unknown>) => Boolean(plan.charge),
    otherPlan: 'a refund call cannot plan a charge',
    otherOutcomes: ['succeeded', 'declined'],
    otherOutcome: "a refund call got a charge's outcome",
  },
} as const;

/** The one shape of both kinds of money call: declared `money`, a staff caller, and the kind's refusals checked. */
function moneyCall<E extends Endpoint, T, O extends PaymentOutcome | RefundOutcome>(
  endpoint: E,
  kind: keyof typeof callKinds,
  steps: MoneyCallSteps<E, T, O>,
): PaymentHandler<E, T> {
  if (!endpoint.money) throw new Error(`${endpoint.id}: a ${kind} call must be declared with money: true`);
  if (endpoint.auth !== 'access') throw new Error(`${endpoint.id}: a ${kind} call needs a staff caller`);
  const refuses = callKinds[kind];
  const otherOutcomes: readonly string[] = refuses.otherOutcomes;
  return {
    kind: 'payment',
    endpoint,
    prepare: async (context, payment) => {
      const plan = await steps.prepare(context, payment);
      if (refuses.plansOther(plan)) throw new Error(`${endpoint.id}: ${refuses.otherPlan}`);
      return plan;
    },
    record: (context, data, outcome) => {
      if (otherOutcomes.includes(outcome.status)) throw new Error(`${endpoint.id}: ${refuses.otherOutcome}`);
      return steps.record(context, data, outcome as O);
    },
  };
}

/** Implements a money call that charges a card: `export const retryCharge = handlePayment(api.charges.retry, {…})`. */
export function handlePayment<E extends Endpoint, T>(
  endpoint: E,
  steps: MoneyCallSteps<E, T, PaymentOutcome>,
): PaymentHandler<E, T> {
  return moneyCall(endpoint, 'charge', steps);
}

/**
 * Implements a money call that may refund a card (the same pipeline: the plan's `refund` is sent to the provider
 * as `refund` instead of a charge, its pending attempt naming the charge and project), e.g. a project refund.
 */
export function handleRefund<E extends Endpoint, T>(
  endpoint: E,
  steps: MoneyCallSteps<E, T, RefundOutcome>,
): PaymentHandler<E, T> {
  return moneyCall(endpoint, 'refund', steps);
}

/** The provider-side idempotency key of a staff member's Idempotency-Key: unique across staff. */
export function providerKeyOf(staffId: number, idempotencyKey: string): string {
  return `loupe:${staffId}:${idempotencyKey}`;
}
