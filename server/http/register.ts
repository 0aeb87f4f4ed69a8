import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../domain/api';
import { xsrfHeader } from '../../domain/auth';
import { type Endpoint, isMutation, permissionsOfCall } from '../../domain/endpoint';
import { can, canAny } from '../../domain/permissions';
import { auditIdHeader } from '../../domain/undo';
import { xsrfTokenMatches } from '../auth/tokens';
import { honourVersions, lockVersion, recordOf } from '../collab/preconditions';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { isReplicaUnavailable, type ReadRouting, readDatabaseFor, rememberOwnWrite } from '../db/read-replica';
import type { FileStore } from '../files/store';
import { paymentInProgressOf, recordAttempt, recordRefundAttempt } from '../payments/attempts';
import { chargeCard, refundCard, storedCardOf, vendorOf } from '../payments/card';
import type { PaymentGateway } from '../payments/gateway';
import {
  type PaymentHandler,
  type PaymentOutcome,
  providerKeyOf,
  type RefundOutcome,
} from '../payments/handle-payment';
import { writeLedgerRow, writeRefundLedgerRow } from '../payments/ledger';
import { writeAudit } from './audit';
import { authenticateAccess, bearerOf, type Caller } from './caller';
import { type ApiError, fail, isApiError } from './errors';
import type { CallHandler, StaffCallContext, StaffMember } from './handler';
import {
  claimIdempotencyKey,
  finishIdempotencyKey,
  type IdempotencyClaim,
  idempotencyKeyOf,
  releaseIdempotencyKey,
  requestHashOf,
} from './idempotency';
import type { SessionCache } from './session-cache';
import { parseInput } from './validate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue entry a route implements; absent on routes outside the catalogue (static files). */
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    /** Set by the access-token check. */
    caller: Caller | null;
    /** The staff member the audit row names: the caller, or whom a login or refresh turned out to be for. */
    actor: StaffMember | null;
    /** True once the call's audit row is written (with its transaction). */
    audited: boolean;
  }
}

/** What the registration pipeline needs besides the handlers. */
export interface PipelineOptions {
  db: Database;
  config: AppConfig;
  /** Parse every answer with the endpoint's `answer` schema (tests): a drift is a 500. */
  checkAnswers: boolean;
  /** The payment provider payment calls charge through. */
  gateway: PaymentGateway;
  /** Recently checked sessions (server/http/session-cache.ts); emptied after every mutation this process serves. */
  sessions: SessionCache;
  files: FileStore;
  /** List reads on a streaming replica (DATABASE_READ_URL), except a person's own right after a command; null: none. */
  reads: ReadRouting | null;
}

/** Any registered call: a plain one (staff or public) or a payment call. */
export type RegisteredHandler = CallHandler | PaymentHandler;

/** The Fastify URL of a catalogue path: `users/:user_id` → `/admin/users/:user_id`. */
export function routeUrl(endpoint: Pick<Endpoint, 'path'>): string {
  return `${apiPrefix}/${endpoint.path}`;
}

function checkDefinition(handler: RegisteredHandler): void {
  const { endpoint } = handler;
  if (!endpoint.id) throw new Error(`${endpoint.method} ${endpoint.path}: declare it with defineArea to give it an id`);
  if (endpoint.auth === 'access' && permissionsOfCall(endpoint).length === 0) {
    throw new Error(`${endpoint.id}: a call with an access token must name its permission`);
  }
  if (endpoint.money && endpoint.auth !== 'access') throw new Error(`${endpoint.id}: money calls need a staff caller`);
}

async function guard(endpoint: Endpoint, request: FastifyRequest, options: PipelineOptions): Promise<void> {
  if (endpoint.auth === 'refresh' && !bearerOf(request)) throw fail('not_authenticated');
  if (endpoint.auth !== 'access') return;
  const caller = await authenticateAccess(request, options.db, options.config.jwtSecret, options.sessions);
  request.caller = caller;
  request.actor = caller.staff;
  if (!canAny(caller.staff.role, permissionsOfCall(endpoint))) throw fail('forbidden');
  if (isMutation(endpoint)) {
    const header = request.headers[xsrfHeader.toLowerCase()];
    const presented = Array.isArray(header) ? header[0] : header;
    if (!xsrfTokenMatches(presented, caller.sessionId, options.config.jwtSecret)) throw fail('xsrf_failed');
  }
}

function checkAnswer(endpoint: Endpoint, answer: unknown): void {
  const result = endpoint.answer.safeParse(answer);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new Error(
    `${endpoint.id}: the answer does not match the catalogue at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  );
}

type Outcome = { ok: true; answer: unknown } | { ok: false; error: ApiError };

interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

interface Invocation {
  input: Input;
  request: FastifyRequest;
  reply: FastifyReply;
  options: PipelineOptions;
}

/** What every handler's context shares: the request, the config and the file store. */
function sharedContext({ request, reply, options }: Invocation) {
  return { request, reply, config: options.config, files: options.files };
}

function staffContext(db: Database, invocation: Invocation): StaffCallContext<Endpoint> {
  const caller = invocation.request.caller;
  if (!caller) throw fail('not_authenticated');
  return {
    ...invocation.input,
    ...sharedContext(invocation),
    db,
    staff: caller.staff,
    sessionId: caller.sessionId,
    can: (permission) => can(caller.staff.role, permission),
  } as StaffCallContext<Endpoint>;
}

function runHandler(handler: CallHandler, db: Database, invocation: Invocation): Promise<unknown> {
  if (handler.kind === 'staff') return handler.run(staffContext(db, invocation));
  const { input, request } = invocation;
  return handler.run({
    ...input,
    ...sharedContext(invocation),
    db,
    bearer: bearerOf(request),
    identify: (staff) => {
      request.actor = staff;
    },
  });
}

/** Runs `work` in one transaction with the answer check, the audit row and the stored answer of a claimed key. */
async function inTransaction(
  endpoint: Endpoint,
  invocation: Invocation,
  claim: IdempotencyClaim | null,
  work: (db: Database) => Promise<unknown>,
): Promise<unknown> {
  const { request, options } = invocation;
  const outcome = await options.db.transaction(async (db): Promise<Outcome> => {
    try {
      const answer = await work(db);
      if (options.checkAnswers) checkAnswer(endpoint, answer);
      if (isMutation(endpoint)) {
        await writeAudit(db, { endpoint, request, staff: request.actor, outcome: 'ok', status: 200 });
        if (request.auditId !== undefined) invocation.reply.header(auditIdHeader, String(request.auditId));
      }
      if (claim) await finishIdempotencyKey(db, claim, 200, answer);
      return { ok: true, answer };
    } catch (error) {
      if (isApiError(error) && error.keepChanges) return { ok: false, error };
      throw error;
    }
  });
  // A committed mutation may have ended a session or changed a staff member: this process asks the database again.
  if (isMutation(endpoint)) options.sessions.forgetAll();
  if (!outcome.ok) throw outcome.error;
  if (isMutation(endpoint)) {
    request.audited = true;
    // A staff member's own command (not a sign-in or refresh): their next list reads stay on the primary a while.
    if (endpoint.auth === 'access') rememberOwnWrite(request, invocation.reply, options.reads);
  }
  return outcome.answer;
}

/**
 * A payment call (server/payments/handle-payment.ts): prepare in one transaction and commit the pending attempt,
 * charge outside any transaction (PGlite runs one at a time, and a provider call must not hold locks), then the
 * ledger row, `record`, the audit row and the stored answer in a second transaction.
 */
async function runPayment(handler: PaymentHandler, invocation: Invocation, claim: IdempotencyClaim): Promise<unknown> {
  const { options } = invocation;
  const providerKey = providerKeyOf(claim.staffId, claim.key);
  const plan = await options.db
    .transaction(async (db) => {
      await honourVersions(db, handler.endpoint, invocation.request, invocation.reply, true);
      const prepared = await handler.prepare(staffContext(db, invocation), { providerKey });
      if (prepared.refund) {
        await recordRefundAttempt(db, providerKey, handler.endpoint.id, claim.staffId, prepared.refund);
        return { ...prepared, charge: null, card: null };
      }
      if (!prepared.charge) return { ...prepared, card: null };
      const card = await storedCardOf(db, prepared.charge.customerId);
      await recordAttempt(db, providerKey, handler.endpoint.id, claim.staffId, prepared.charge);
      return { ...prepared, card };
    })
    .catch((error: unknown) => {
      throw paymentInProgressOf(error);
    });
  const planned = plan.charge;
  const refund = plan.refund ?? null;
  const result = planned && plan.card ? await chargeCard(options.gateway, providerKey, plan.card, planned) : null;
  const refunded = refund ? await refundCard(options.gateway, providerKey, refund) : null;
  const customerId = planned?.customerId ?? refund?.customerId;
  const vendor = customerId === undefined ? '' : await vendorOf(options.db, customerId, options.gateway);
  return inTransaction(handler.endpoint, invocation, claim, async (db) => {
    // The record's version row first, as the prepare step took it (bumped, then the handler's own locks): the audit
    // row written at the end touches it, and a record step that locked its rows (a refund's project) before it
    // deadlocked with another call's prepare step holding the version row and waiting for the project.
    const record = recordOf(handler.endpoint, invocation.request);
    if (record) await lockVersion(db, record);
    let outcome: PaymentOutcome | RefundOutcome = { status: 'not_charged' };
    if (planned && result) outcome = await writeLedgerRow(db, providerKey, claim.staffId, planned, result, vendor);
    else if (refund && refunded) {
      outcome = await writeRefundLedgerRow(db, providerKey, claim.staffId, refund, refunded, vendor);
    }
    return handler.record(staffContext(db, invocation), plan.data, outcome);
  });
}

/** A read on `db` (the primary, or the replica for list reads): in one transaction, or statement by statement. */
async function readOn(handler: CallHandler, db: Database, invocation: Invocation): Promise<unknown> {
  const { endpoint } = handler;
  const { request, reply } = invocation;
  const on: Invocation = { ...invocation, options: { ...invocation.options, db } };
  if (handler.transaction === false) {
    // A read whose statements each stand alone: no BEGIN/COMMIT round trips (handler.ts, `transaction: false`).
    await honourVersions(db, endpoint, request, reply);
    const answer = await runHandler(handler, db, on);
    if (on.options.checkAnswers) checkAnswer(endpoint, answer);
    return answer;
  }
  return inTransaction(endpoint, on, null, async (tx) => {
    await honourVersions(tx, endpoint, request, reply);
    return runHandler(handler, tx, on);
  });
}

async function respond(
  handler: RegisteredHandler,
  request: FastifyRequest,
  reply: FastifyReply,
  options: PipelineOptions,
): Promise<unknown> {
  const { endpoint } = handler;
  const input: Input = {
    params: parseInput(endpoint.params, request.params, 'params'),
    query: parseInput(endpoint.query, request.query, 'query'),
    body: parseInput(endpoint.body, request.body, 'body'),
  };
  const invocation: Invocation = { input, request, reply, options };
  if (!endpoint.money) {
    if (handler.kind === 'payment') throw new Error(`${endpoint.id}: payment calls must be money calls`);
    if (!isMutation(endpoint)) {
      const readDb = readDatabaseFor(endpoint, request, options.db, options.reads);
      if (readDb !== options.db) {
        try {
          return await readOn(handler, readDb, invocation);
        } catch (error) {
          if (!isReplicaUnavailable(error)) throw error;
          request.log.warn({ callId: endpoint.id }, 'read replica unavailable: reading from the primary');
        }
      }
      return readOn(handler, options.db, invocation);
    }
    return inTransaction(endpoint, invocation, null, async (db) => {
      await honourVersions(db, endpoint, request, reply);
      return runHandler(handler, db, invocation);
    });
  }
  const caller = request.caller;
  if (!caller) throw fail('not_authenticated');
  const key = idempotencyKeyOf(request);
  const claim: IdempotencyClaim = {
    staffId: caller.staff.id,
    key,
    callId: endpoint.id,
    requestHash: requestHashOf(endpoint.id, input.params, input.query, input.body),
  };
  const claimed = await claimIdempotencyKey(options.db, claim, options.config.idempotencyWaitMs);
  if (claimed.kind === 'replay') {
    request.audited = true;
    reply.header('Idempotent-Replayed', 'true').code(claimed.status);
    return claimed.answer;
  }
  try {
    if (handler.kind === 'payment') return await runPayment(handler, invocation, claim);
    return await inTransaction(endpoint, invocation, claim, async (db) => {
      await honourVersions(db, endpoint, request, reply);
      return runHandler(handler, db, invocation);
    });
  } catch (error) {
    if (isApiError(error) && error.status < 500) {
      await finishIdempotencyKey(options.db, claim, error.status, error.toAnswer());
    } else {
      await releaseIdempotencyKey(options.db, claim).catch((release) => request.log.error(release));
    }
    throw error;
  }
}

/**
 * Registers every call with its handler, each through the same pipeline: bearer auth → permission → cross-site token
 * (mutations) → validation of params, query and body → handler in one transaction → audit row in that transaction
 * (mutations) → Idempotency-Key claim and replay (money calls). Failures are audited by the error handler.
 */
export function registerCalls(
  app: FastifyInstance,
  handlers: readonly RegisteredHandler[],
  options: PipelineOptions,
): void {
  const seen = new Set<string>();
  for (const handler of handlers) {
    checkDefinition(handler);
    const { endpoint } = handler;
    if (seen.has(endpoint.id)) throw new Error(`${endpoint.id}: registered twice`);
    seen.add(endpoint.id);
    app.route({
      method: endpoint.method,
      url: routeUrl(endpoint),
      config: { endpoint },
      onRequest: async (request) => guard(endpoint, request, options),
      handler: async (request, reply) => respond(handler, request, reply, options),
    });
  }
}
