import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { charges, paymentProviderSandbox } from '../db/schema';
import {
  type ChargeRequest,
  type ChargeResult,
  type GatewayLookup,
  GatewayRequestError,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from './gateway';
import { SandboxBooks } from './sandbox-books';

/** What a sandbox payment-method token does, like a provider's test cards. */
export type SandboxBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: string; message: string }
  /** The provider charges, but the first answer for the key is lost (GatewayUnavailableError); a retry gets it. */
  | { kind: 'response_lost_once' }
  /** The provider is never reached: always GatewayUnavailableError, nothing charged. */
  | { kind: 'unavailable' };

/** The sandbox's payment-method tokens. Any other token is declined with `payment_method_unknown`. */
export const sandboxPaymentMethods = {
  pm_card_ok: { kind: 'succeeds' },
  pm_card_incorrect_number: { kind: 'declines', code: 'incorrect_number', message: 'incorrect card number' },
  pm_card_insufficient_funds: { kind: 'declines', code: 'insufficient_funds', message: 'insufficient funds' },
  pm_card_expired: { kind: 'declines', code: 'expired_card', message: 'card expired' },
  pm_card_network_error_once: { kind: 'response_lost_once' },
  pm_card_network_error: { kind: 'unavailable' },
} as const satisfies Record<string, SandboxBehaviour>;

/** A token the sandbox knows. */
export type SandboxPaymentMethod = keyof typeof sandboxPaymentMethods;

const unknownPaymentMethod: SandboxBehaviour = {
  kind: 'declines',
  code: 'payment_method_unknown',
  message: 'no such payment method',
};

/** One call the sandbox received, as tests count them. `replayed`: answered from the key's stored result. */
export interface SandboxCall {
  operation: 'charge' | 'refund' | 'lookup';
  idempotencyKey: string;
  outcome: 'succeeded' | 'declined' | 'unavailable' | 'refused' | 'found' | 'none';
  replayed: boolean;
}

type SandboxRow = typeof paymentProviderSandbox.$inferSelect;
type SandboxInsert = typeof paymentProviderSandbox.$inferInsert;
const table = paymentProviderSandbox;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

function behaviourOf(paymentMethod: string): SandboxBehaviour {
  return Object.hasOwn(sandboxPaymentMethods, paymentMethod)
    ? sandboxPaymentMethods[paymentMethod as SandboxPaymentMethod]
    : unknownPaymentMethod;
}

function requireValid(condition: boolean, message: string): void {
  if (!condition) throw new GatewayRequestError('invalid_request', message);
}

function requireKey(idempotencyKey: string): void {
  requireValid(idempotencyKey.length > 0 && idempotencyKey.length <= 255, 'idempotencyKey: 1 to 255 characters');
}

function requireAmount(amount: number): void {
  requireValid(Number.isSafeInteger(amount) && amount > 0, 'amount: a positive whole number of minor units');
}

/** Refuses a key first used for another request, as real providers do. */
function requireSameRequest(row: SandboxRow, operation: SandboxRow['operation'], requestHash: string): void {
  if (row.operation !== operation || row.requestHash !== requestHash) {
    throw new GatewayRequestError(
      'idempotency_key_reused',
      `idempotency key "${row.idempotencyKey}" was first used for another request`,
    );
  }
}

function declined(row: SandboxRow): { status: 'declined'; code: string; message: string } {
  return { status: 'declined', code: row.declineCode ?? 'declined', message: row.declineMessage ?? 'declined' };
}

function chargeResultOf(row: SandboxRow): ChargeResult {
  if (row.status === 'declined') return declined(row);
  return {
    status: 'succeeded',
    chargeId: row.objectId ?? '',
    amount: row.amount,
    currency: row.currency,
    providerRef: row.providerRef ?? '',
  };
}

function refundResultOf(row: SandboxRow): RefundResult {
  if (row.status === 'declined') return declined(row);
  return {
    status: 'succeeded',
    refundId: row.objectId ?? '',
    chargeId: row.chargeId ?? '',
    amount: row.amount,
    currency: row.currency,
    providerRef: row.providerRef ?? '',
  };
}

/** The provider-side charge ids the demo seed gives its ledger history (server/seed/charge-history.ts, contracts.ts). */
const seededChargeId = /^ch_sbx_seed_/;

/**
 * The demo seed writes card history straight into Loupe's ledger, as if charged at the provider before Loupe
 * existed: the sandbox takes such a charge into its books the first time it is refunded (from the ledger row that
 * names it), so that refunding demo work behaves as with a real provider's history.
 */
async function importSeededCharge(db: Database, chargeId: string): Promise<void> {
  if (!seededChargeId.test(chargeId)) return;
  const [ledger] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.providerChargeId, chargeId), eq(charges.kind, 'CHARGE'), eq(charges.status, 'SUCCEEDED')))
    .limit(1);
  if (!ledger) return;
  await db
    .insert(table)
    .values({
      idempotencyKey: `seed:${chargeId}`,
      operation: 'charge',
      requestHash: hashOf(['seed', chargeId]),
      status: 'succeeded',
      objectId: chargeId,
      providerRef: ledger.providerRef,
      customerRef: `cus_loupe_${ledger.customerId}`,
      paymentMethod: 'pm_card_ok',
      amount: ledger.amount,
      currency: ledger.currency,
    })
    .onConflictDoNothing();
}

/**
 * A provider's test mode on Loupe's database (`payment_provider_sandbox`), so it survives restarts and is shared by
 * every server process. One row per idempotency key, written with INSERT … ON CONFLICT DO NOTHING: whoever inserts
 * performs the operation, every other call with the key (concurrent or later, any process) answers from that row.
 * Refunds lock the charge row (SELECT … FOR UPDATE) so that concurrent refunds never exceed it.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly #calls: SandboxCall[] = [];
  readonly #books: SandboxBooks;

  constructor(private readonly db: Database) {
    this.#books = new SandboxBooks(db);
  }

  /** Every call this instance received, in order (other processes keep their own). */
  get calls(): readonly SandboxCall[] {
    return this.#calls;
  }

  /** How many charges actually moved money, for one provider customer or for everyone. */
  async chargesMade(customerRef?: string): Promise<number> {
    const succeeded = and(eq(table.operation, 'charge'), eq(table.status, 'succeeded'));
    const where = customerRef === undefined ? succeeded : and(succeeded, eq(table.customerRef, customerRef));
    const [row] = await this.db.select({ made: count() }).from(table).where(where);
    return row?.made ?? 0;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { idempotencyKey, customerRef, paymentMethod, amount, currency, description } = request;
    requireKey(idempotencyKey);
    requireAmount(amount);
    requireValid(/^[A-Z]{3}$/.test(currency), 'currency: three upper-case letters (ISO 4217)');
    const behaviour = behaviourOf(paymentMethod);
    const record = (outcome: SandboxCall['outcome'], replayed: boolean) =>
      this.#calls.push({ operation: 'charge', idempotencyKey, outcome, replayed });
    if (behaviour.kind === 'unavailable') {
      record('unavailable', false);
      throw new GatewayUnavailableError(`sandbox: ${paymentMethod} never reaches the provider`);
    }
    const requestHash = hashOf(['charge', customerRef, paymentMethod, amount, currency, description]);
    const outcome: Pick<SandboxInsert, 'status' | 'declineCode' | 'declineMessage' | 'objectId' | 'providerRef'> =
      behaviour.kind === 'declines'
        ? { status: 'declined', declineCode: behaviour.code, declineMessage: behaviour.message }
        : { status: 'succeeded', objectId: newId('ch'), providerRef: newId('txn') };
    const inserted = await this.#books.insert({
      ...outcome,
      idempotencyKey,
      operation: 'charge',
      requestHash,
      amount,
      currency,
      customerRef,
      paymentMethod,
    });
    if (inserted) {
      const result = chargeResultOf(inserted);
      if (behaviour.kind === 'response_lost_once') {
        record('unavailable', false);
        throw new GatewayUnavailableError(`sandbox: the charge was made but the answer was lost (${paymentMethod})`);
      }
      record(result.status, false);
      return result;
    }
    return this.#replay(idempotencyKey, 'charge', requestHash, chargeResultOf);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const { idempotencyKey, chargeId, amount } = request;
    requireKey(idempotencyKey);
    requireAmount(amount);
    const requestHash = hashOf(['refund', chargeId, amount]);
    const [stored] = await this.db.select().from(table).where(eq(table.idempotencyKey, idempotencyKey));
    if (stored) return this.#replay(idempotencyKey, 'refund', requestHash, refundResultOf, stored);
    const inserted = await this.db.transaction(async (tx) => {
      await importSeededCharge(tx, chargeId);
      const [charge] = await tx
        .select()
        .from(table)
        .where(and(eq(table.objectId, chargeId), eq(table.operation, 'charge')))
        .for('update');
      const base = { idempotencyKey, operation: 'refund' as const, requestHash, amount, chargeId };
      let values: SandboxInsert;
      if (!charge) {
        const notFound = {
          status: 'declined',
          declineCode: 'charge_not_found',
          declineMessage: 'no such charge',
        } as const;
        values = { ...base, ...notFound, currency: 'XXX' };
      } else {
        const [refunded] = await tx
          .select({ total: sql<number>`coalesce(sum(${table.amount}), 0)`.mapWith(Number) })
          .from(table)
          .where(and(eq(table.chargeId, chargeId), eq(table.operation, 'refund'), eq(table.status, 'succeeded')));
        const left = charge.amount - (refunded?.total ?? 0);
        values =
          amount > left
            ? {
                ...base,
                currency: charge.currency,
                status: 'declined',
                declineCode: 'amount_exceeds_refundable',
                declineMessage: `refund exceeds what is left of the charge (${left})`,
              }
            : {
                ...base,
                currency: charge.currency,
                status: 'succeeded',
                objectId: newId('re'),
                providerRef: newId('txn'),
              };
      }
      const [row] = await tx
        .insert(table)
        .values(values)
        .onConflictDoNothing({ target: table.idempotencyKey })
        .returning();
      return row;
    });
    if (!inserted) return this.#replay(idempotencyKey, 'refund', requestHash, refundResultOf);
    const result = refundResultOf(inserted);
    this.#calls.push({ operation: 'refund', idempotencyKey, outcome: result.status, replayed: false });
    return result;
  }

  async lookup(idempotencyKey: string): Promise<GatewayLookup> {
    const [row] = await this.db.select().from(table).where(eq(table.idempotencyKey, idempotencyKey));
    this.#calls.push({ operation: 'lookup', idempotencyKey, outcome: row ? 'found' : 'none', replayed: false });
    if (!row) return { operation: 'none' };
    return row.operation === 'charge'
      ? { operation: 'charge', result: chargeResultOf(row) }
      : { operation: 'refund', result: refundResultOf(row) };
  }

  /** The stored result for a key already used: refused when it was another request. */
  async #replay<Result extends ChargeResult | RefundResult>(
    idempotencyKey: string,
    operation: SandboxRow['operation'],
    requestHash: string,
    resultOf: (row: SandboxRow) => Result,
    known?: SandboxRow,
  ): Promise<Result> {
    const [row] = known ? [known] : await this.db.select().from(table).where(eq(table.idempotencyKey, idempotencyKey));
    if (!row) throw new GatewayUnavailableError(`sandbox: no stored result for "${idempotencyKey}"`);
    try {
      requireSameRequest(row, operation, requestHash);
    } catch (error) {
      this.#calls.push({ operation, idempotencyKey, outcome: 'refused', replayed: true });
      throw error;
    }
    const result = resultOf(row);
    this.#calls.push({ operation, idempotencyKey, outcome: result.status, replayed: true });
    return result;
  }
}
