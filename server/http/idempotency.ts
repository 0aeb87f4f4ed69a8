import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyHeader } from '../../domain/auth';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { fail } from './errors';

/** A claimed or wanted `Idempotency-Key`: whose, which call, which request. */
export interface IdempotencyClaim {
  staffId: number;
  key: string;
  callId: string;
  requestHash: string;
  /** Set by `claimIdempotencyKey` once claimed: this request's id as the claim's owner. */
  owner?: string;
}

/** Either the key is ours to run, or its first answer is to be replayed as is. */
export type ClaimOutcome = { kind: 'claimed' } | { kind: 'replay'; status: number; answer: unknown };

/** A running claim without a lease (stored before leases) older than this is taken for abandoned. */
export const abandonedAfterSeconds = 60;
/**
 * A claim's lease: renewed every `renewEveryMs` while its request runs, so it lapses only when the process holding it
 * is gone (crashed, killed, cut off from the database); a retry then takes the claim over within this many seconds.
 */
export const leaseSeconds = 5;
const renewEveryMs = 1000;
const pollMs = 50;

/** The lease renewals of the claims this process holds, by owner. */
const renewals = new Map<string, NodeJS.Timeout>();

function ownClaim(claim: IdempotencyClaim) {
  return and(
    eq(idempotencyKeys.staffId, claim.staffId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.owner, claim.owner ?? ''),
    eq(idempotencyKeys.state, 'running'),
  );
}

const leaseFromNow = () => sql`now() + make_interval(secs => ${leaseSeconds})`;

/** The claim is this request's (as `owner`): renew its lease until it is finished or released. */
function claimed(db: Database, claim: IdempotencyClaim, owner: string): ClaimOutcome {
  claim.owner = owner;
  const timer = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ leaseUntil: leaseFromNow() })
      .where(ownClaim(claim))
      .catch(() => undefined);
  }, renewEveryMs);
  timer.unref();
  renewals.set(owner, timer);
  return { kind: 'claimed' };
}

function dropLease(claim: IdempotencyClaim): void {
  if (!claim.owner) return;
  clearInterval(renewals.get(claim.owner));
  renewals.delete(claim.owner);
}

/** JSON with object keys sorted, so that equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the call and its parsed input. */
export function requestHashOf(callId: string, params: unknown, query: unknown, body: unknown): string {
  return createHash('sha256').update(canonicalJson({ callId, params, query, body })).digest('hex');
}

/** The request's `Idempotency-Key`: 400 when missing or unusable. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[idempotencyHeader.toLowerCase()];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw fail('idempotency_key_missing');
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw fail('validation_failed', {
      detail: `${idempotencyHeader}: must be 1 to 200 visible ASCII characters`,
      field: idempotencyHeader,
    });
  }
  return key;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the key (INSERT … ON CONFLICT DO NOTHING, on its own) with a lease this process renews while the request
 * runs; if another request holds it: 422 when it was for a different request, a replay when it is done, a takeover
 * when its lease lapsed (its process is gone), and when it is still running a wait of up to `waitMs`, then 409.
 */
export async function claimIdempotencyKey(
  db: Database,
  claim: IdempotencyClaim,
  waitMs: number,
): Promise<ClaimOutcome> {
  const deadline = Date.now() + waitMs;
  const where = and(eq(idempotencyKeys.staffId, claim.staffId), eq(idempotencyKeys.key, claim.key));
  for (;;) {
    const owner = randomUUID();
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        staffId: claim.staffId,
        key: claim.key,
        callId: claim.callId,
        requestHash: claim.requestHash,
        state: 'running',
        owner,
        leaseUntil: leaseFromNow(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return claimed(db, claim, owner);
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (existing) {
      if (existing.requestHash !== claim.requestHash || existing.callId !== claim.callId) {
        throw fail('idempotency_key_reused');
      }
      if (existing.state === 'done') {
        return { kind: 'replay', status: existing.status ?? 200, answer: storedAnswer(existing.answer) };
      }
      const reclaimed = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()`, owner, leaseUntil: leaseFromNow() })
        .where(
          and(
            where,
            eq(idempotencyKeys.state, 'running'),
            sql`coalesce(${idempotencyKeys.leaseUntil},
              ${idempotencyKeys.createdAt} + make_interval(secs => ${abandonedAfterSeconds})) < now()`,
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (reclaimed.length > 0) return claimed(db, claim, owner);
      if (Date.now() >= deadline) throw fail('idempotency_in_progress');
    }
    await sleep(Math.max(0, Math.min(pollMs, deadline - Date.now())));
  }
}

/**
 * The stored answer: kept as its JSON text (a jsonb string), because jsonb reorders object keys and a replay must be
 * byte for byte the first answer. Answers stored as plain jsonb (before this) are returned as they are.
 */
function storedAnswer(stored: unknown): unknown {
  if (typeof stored !== 'string') return stored;
  try {
    return JSON.parse(stored);
  } catch {
    return stored;
  }
}

/**
 * Stores the answer of a claimed key (in the call's transaction on success, on its own for a 4xx), if the claim is
 * still this request's. A success whose claim was taken over meanwhile (its lease lapsed, say the process stalled)
 * throws 409 `idempotency_in_progress`, rolling its transaction back: only the request holding the claim commits.
 */
export async function finishIdempotencyKey(db: Database, claim: IdempotencyClaim, status: number, answer: unknown) {
  dropLease(claim);
  const finished = await db
    .update(idempotencyKeys)
    .set({ state: 'done', status, answer: JSON.stringify(answer ?? null), finishedAt: sql`now()` })
    .where(ownClaim(claim))
    .returning({ key: idempotencyKeys.key });
  if (finished.length === 0 && status < 300) throw fail('idempotency_in_progress');
}

/** Drops this request's claim after a server error, so that a retry runs the call again. */
export async function releaseIdempotencyKey(db: Database, claim: IdempotencyClaim) {
  dropLease(claim);
  await db.delete(idempotencyKeys).where(ownClaim(claim));
}
