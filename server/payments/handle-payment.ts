import { and, eq, ne } from 'drizzle-orm';
import type { Endpoint } from '../../domain/endpoint';
import type { Database } from '../db/client';
import { type ChargePurpose, charges, customers, paymentAttempts } from '../db/schema';
import { fail } from '../http/errors';
import type { StaffCallContext } from '../http/handler';
import {
  type ChargeResult,
  GatewayRequestError,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundResult,
} from './gateway';

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

/** Implements a money call that charges a card: `export const retryCharge = handlePayment(api.charges.retry, {…})`. */
export function handlePayment<E extends Endpoint, T>(
  endpoint: E,
  steps: {
    prepare(context: StaffCallContext<E>, payment: PaymentIdentity): Promise<PaymentPlan<T>>;
    record(context: StaffCallContext<E>, data: T, outcome: PaymentOutcome): Promise<unknown>;
  },
): PaymentHandler<E, T> {
  if (!endpoint.money) throw new Error(`${endpoint.id}: a payment call must be declared with money: true`);
  if (endpoint.auth !== 'access') throw new Error(`${endpoint.id}: a payment call needs a staff caller`);
  return {
    kind: 'payment',
    endpoint,
    prepare: async (context, payment) => {
      const plan = await steps.prepare(context, payment);
      if (plan.refund) throw new Error(`${endpoint.id}: a charge call cannot plan a refund (use handleRefund)`);
      return plan;
    },
    record: (context, data, outcome) => {
      if (outcome.status === 'refunded' || outcome.status === 'refund_declined') {
        throw new Error(`${endpoint.id}: a charge call got a refund's outcome`);
      }
      return steps.record(context, data, outcome);
    },
  };
}

/**
 * Implements a money call that may refund a card (the same pipeline: the plan's `refund` is sent to the provider
 * as `refund` instead of a charge, its pending attempt naming the charge and project), e.g. a project refund.
 */
export function handleRefund<E extends Endpoint, T>(
  endpoint: E,
  steps: {
    prepare(context: StaffCallContext<E>, payment: PaymentIdentity): Promise<PaymentPlan<T>>;
    record(context: StaffCallContext<E>, data: T, outcome: RefundOutcome): Promise<unknown>;
  },
): PaymentHandler<E, T> {
  if (!endpoint.money) throw new Error(`${endpoint.id}: a refund call must be declared with money: true`);
  if (endpoint.auth !== 'access') throw new Error(`${endpoint.id}: a refund call needs a staff caller`);
  return {
    kind: 'payment',
    endpoint,
    prepare: async (context, payment) => {
      const plan = await steps.prepare(context, payment);
      if (plan.charge) throw new Error(`${endpoint.id}: a refund call cannot plan a charge`);
      return plan;
    },
    record: (context, data, outcome) => {
      if (outcome.status === 'succeeded' || outcome.status === 'declined') {
        throw new Error(`${endpoint.id}: a refund call got a charge's outcome`);
      }
      return steps.record(context, data, outcome);
    },
  };
}

/** The provider-side idempotency key of a staff member's Idempotency-Key: unique across staff. */
export function providerKeyOf(staffId: number, idempotencyKey: string): string {
  return `loupe:${staffId}:${idempotencyKey}`;
}

/** The unique index that allows one pending payment per customer. */
const onePendingPerCustomer = 'payment_attempts_one_pending_per_customer';

function violates(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name, message } = current as Error & { code?: string; constraint?: string };
    if (code === '23505' && (name === constraint || message.includes(constraint))) return true;
  }
  return false;
}

/**
 * Step 1's write: the attempt, committed before the gateway is called (kept as is when the same key comes again).
 * Another payment of the same customer still in flight (another key: a colleague retrying the same failed charge
 * at the same moment) is a 409, so that the two cannot both charge.
 */
export async function recordAttempt(
  db: Database,
  providerKey: string,
  callId: string,
  staffId: number,
  charge: PlannedCharge,
): Promise<void> {
  if (await otherPaymentPending(db, charge.customerId, providerKey)) throw fail('payment_in_progress');
  await db
    .insert(paymentAttempts)
    .values({ providerKey, callId, staffId, ...charge })
    .onConflictDoNothing({ target: paymentAttempts.providerKey });
}

/** Whether another payment of the customer (not the one with `ownProviderKey`) is between its gateway call and its record. */
export async function otherPaymentPending(db: Database, customerId: number, ownProviderKey: string): Promise<boolean> {
  const [other] = await db
    .select({ key: paymentAttempts.providerKey })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.customerId, customerId),
        eq(paymentAttempts.state, 'pending'),
        ne(paymentAttempts.providerKey, ownProviderKey),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** Maps the race that the check in `recordAttempt` cannot see (two inserts at once) to the same 409. */
export function paymentInProgressOf(error: unknown): unknown {
  return violates(error, onePendingPerCustomer) ? fail('payment_in_progress') : error;
}

/** The customer's stored card as the provider knows it. */
export interface StoredCard {
  customerRef: string;
  paymentMethod: string;
}

/** Step 1: the card to charge, before anything is written; none on file is a 409 that leaves nothing behind. */
export async function storedCardOf(db: Database, customerId: number): Promise<StoredCard> {
  const [customer] = await db
    .select({ ref: customers.providerCustomerRef, token: customers.paymentMethodToken })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer?.token) throw fail('no_payment_method');
  return { customerRef: customer.ref ?? `cus_loupe_${customerId}`, paymentMethod: customer.token };
}

/** Step 2: charges the stored card; an unknown outcome is a 503 that is safe to retry with the same key. */
export async function chargeCard(
  gateway: PaymentGateway,
  providerKey: string,
  card: StoredCard,
  charge: PlannedCharge,
): Promise<ChargeResult> {
  try {
    return await gateway.charge({
      idempotencyKey: providerKey,
      ...card,
      amount: charge.amount,
      currency: charge.currency,
      description: charge.description,
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw fail('payment_provider_unavailable');
    if (error instanceof GatewayRequestError && error.code === 'idempotency_key_reused') {
      throw fail('payment_key_mismatch');
    }
    throw error;
  }
}

/** Step 3's ledger row for the gateway's answer; the one already written for this key (by reconciliation) is reused. */
export async function writeLedgerRow(
  db: Database,
  providerKey: string,
  staffId: number | null,
  charge: PlannedCharge,
  result: ChargeResult,
  vendor: string,
): Promise<PaymentOutcome> {
  const [existing] = await db.select().from(charges).where(eq(charges.providerKey, providerKey));
  const row =
    existing ??
    (
      await db
        .insert(charges)
        .values({
          customerId: charge.customerId,
          kind: 'CHARGE',
          status: result.status === 'succeeded' ? 'SUCCEEDED' : 'FAILED',
          amount: charge.amount,
          currency: charge.currency,
          purpose: charge.purpose,
          description: charge.description,
          chargingVendor: vendor,
          providerKey,
          staffId,
          ...(result.status === 'succeeded'
            ? { providerChargeId: result.chargeId, providerRef: result.providerRef }
            : { failureCode: result.code, failureMessage: result.message }),
        })
        .returning()
    )[0];
  if (!row) throw new Error('ledger row not written');
  await db
    .update(paymentAttempts)
    .set({ state: 'recorded', finishedAt: new Date().toISOString() })
    .where(eq(paymentAttempts.providerKey, providerKey));
  if (result.status === 'succeeded') return { status: 'succeeded', charge: row };
  return { status: 'declined', charge: row, code: result.code, message: result.message };
}

/** The vendor name the ledger shows for a customer's charges: their card's provider, else the gateway's name. */
export async function vendorOf(db: Database, customerId: number, gateway: PaymentGateway): Promise<string> {
  const [customer] = await db
    .select({ vendor: customers.chargingVendor })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.vendor ?? gateway.name;
}

/** Step 1's write for a refund: the attempt, committed before the gateway is called, like `recordAttempt`. */
export async function recordRefundAttempt(
  db: Database,
  providerKey: string,
  callId: string,
  staffId: number,
  refund: PlannedRefund,
): Promise<void> {
  if (await otherPaymentPending(db, refund.customerId, providerKey)) throw fail('payment_in_progress');
  const { customerId, amount, currency, purpose, description, refundOf, projectId } = refund;
  await db
    .insert(paymentAttempts)
    .values({
      providerKey,
      callId,
      staffId,
      customerId,
      amount,
      currency,
      purpose,
      description,
      operation: 'refund',
      refundOf,
      projectId,
    })
    .onConflictDoNothing({ target: paymentAttempts.providerKey });
}

/** Step 2 of a refund: refunds the charge at the provider; an unknown outcome is a 503 that is safe to retry. */
export async function refundCard(
  gateway: PaymentGateway,
  providerKey: string,
  refund: PlannedRefund,
): Promise<RefundResult> {
  try {
    return await gateway.refund({
      idempotencyKey: providerKey,
      chargeId: refund.providerChargeId,
      amount: refund.amount,
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw fail('payment_provider_unavailable');
    if (error instanceof GatewayRequestError && error.code === 'idempotency_key_reused') {
      throw fail('payment_key_mismatch');
    }
    throw error;
  }
}

/** The refund as the attempt row recorded it (what reconciliation knows of a refund). */
export type RefundAttempt = Pick<
  typeof paymentAttempts.$inferSelect,
  'customerId' | 'amount' | 'currency' | 'purpose' | 'description' | 'refundOf' | 'projectId'
>;

/**
 * Step 3's ledger row for a refund: a REFUND row linked to the charge (and project) when the provider refunded;
 * nothing when it refused (no money moved: the attempt is closed as abandoned). The row already written for this
 * key (by reconciliation) is reused.
 */
export async function writeRefundLedgerRow(
  db: Database,
  providerKey: string,
  staffId: number | null,
  refund: RefundAttempt,
  result: RefundResult,
  vendor: string,
): Promise<RefundOutcome> {
  const finishedAt = new Date().toISOString();
  if (result.status !== 'succeeded') {
    await db
      .update(paymentAttempts)
      .set({ state: 'abandoned', finishedAt })
      .where(eq(paymentAttempts.providerKey, providerKey));
    return { status: 'refund_declined', code: result.code, message: result.message };
  }
  const [existing] = await db.select().from(charges).where(eq(charges.providerKey, providerKey));
  const row =
    existing ??
    (
      await db
        .insert(charges)
        .values({
          customerId: refund.customerId,
          kind: 'REFUND',
          status: 'SUCCEEDED',
          amount: refund.amount,
          currency: refund.currency,
          purpose: refund.purpose,
          description: refund.description,
          chargingVendor: vendor,
          providerKey,
          staffId,
          providerChargeId: result.refundId,
          providerRef: result.providerRef,
          refundOf: refund.refundOf,
          projectId: refund.projectId,
        })
        .returning()
    )[0];
  if (!row) throw new Error('refund ledger row not written');
  await db
    .update(paymentAttempts)
    .set({ state: 'recorded', finishedAt })
    .where(eq(paymentAttempts.providerKey, providerKey));
  return { status: 'refunded', refund: row };
}
