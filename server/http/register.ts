import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../domain/api';
import { xsrfHeader } from '../../domain/auth';
import { type Endpoint, isMutation, permissionsOfCall } from '../../domain/endpoint';
import { can, canAny } from '../../domain/permissions';
import { xsrfTokenMatches } from '../auth/tokens';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { writeAudit } from './audit';
import { authenticateAccess, bearerOf, type Caller } from './caller';
import { type ApiError, fail, isApiError } from './errors';
import type { CallHandler, StaffMember } from './handler';
import {
  claimIdempotencyKey,
  finishIdempotencyKey,
  type IdempotencyClaim,
  idempotencyKeyOf,
  releaseIdempotencyKey,
  requestHashOf,
} from './idempotency';
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
}

/** The Fastify URL of a catalogue path: `users/:user_id` → `/admin/users/:user_id`. */
export function routeUrl(endpoint: Pick<Endpoint, 'path'>): string {
  return `${apiPrefix}/${endpoint.path}`;
}

function checkDefinition(handler: CallHandler): void {
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
  const caller = await authenticateAccess(request, options.db, options.config.jwtSecret);
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

async function runCall(
  handler: CallHandler,
  input: Input,
  request: FastifyRequest,
  reply: FastifyReply,
  options: PipelineOptions,
  claim: IdempotencyClaim | null,
): Promise<unknown> {
  const { endpoint } = handler;
  const outcome = await options.db.transaction(async (db): Promise<Outcome> => {
    const base = { ...input, db, request, reply, config: options.config };
    try {
      let answer: unknown;
      if (handler.kind === 'staff') {
        const caller = request.caller;
        if (!caller) throw fail('not_authenticated');
        answer = await handler.run({
          ...base,
          staff: caller.staff,
          sessionId: caller.sessionId,
          can: (permission) => can(caller.staff.role, permission),
        });
      } else {
        answer = await handler.run({
          ...base,
          bearer: bearerOf(request),
          identify: (staff) => {
            request.actor = staff;
          },
        });
      }
      if (options.checkAnswers) checkAnswer(endpoint, answer);
      if (isMutation(endpoint)) {
        await writeAudit(db, { endpoint, request, staff: request.actor, outcome: 'ok', status: 200 });
      }
      if (claim) await finishIdempotencyKey(db, claim, 200, answer);
      return { ok: true, answer };
    } catch (error) {
      if (isApiError(error) && error.keepChanges) return { ok: false, error };
      throw error;
    }
  });
  if (!outcome.ok) throw outcome.error;
  if (isMutation(endpoint)) request.audited = true;
  return outcome.answer;
}

async function respond(
  handler: CallHandler,
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
  if (!endpoint.money) return runCall(handler, input, request, reply, options, null);
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
    return await runCall(handler, input, request, reply, options, claim);
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
export function registerCalls(app: FastifyInstance, handlers: readonly CallHandler[], options: PipelineOptions): void {
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
