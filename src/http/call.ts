import { FetchError } from 'ofetch';
import { type CallAddress, pathOf } from '../../domain/call-address';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf } from '../../domain/endpoint';
import type { ErrorCode } from '../../domain/errors';
import { auditIdHeader } from '../../domain/undo';
import { session } from '../session/store';
import { toast, toastDefaults } from '../ui/toast-store';
import { ApiError, actionOf, cancelledError, failuresShownInPlace, failureTitle, serverError } from './api-error';
import { noteAuditId } from './audit-ids';
import { endSession } from './end-session';
import { noteVersion, reportStale, versionHeaders } from './record-versions';
import { refreshSession } from './refresh';
import { headersFor, transport } from './transport';
import { askAgainAfterMs, isUncertain, moneyTimeoutMs, uncertainListenerOf } from './uncertain-outcome';

/** The inputs of a call, typed from its catalogue entry. */
export interface CallInput<E extends CallAddress> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** How a call behaves: idempotency key, cancellation, and whether failures are toasted. */
export interface CallOptions {
  /** Required for calls that move money (`endpoint.money`): one key per intended action, reused on retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** No toast on failure: the caller shows the error itself (e.g. the login form). */
  silent?: boolean;
}

const expiredDetail = 'Signature has expired';

/** 401s that mean the session itself is gone (not merely an expired access token): the person must sign in again. */
const sessionGoneCodes: ReadonlySet<string> = new Set<ErrorCode>([
  'not_authenticated',
  'token_invalid',
  'session_revoked',
  'staff_deactivated',
]);

function bearerFor(endpoint: CallAddress): string | null {
  if (endpoint.auth === 'none') return null;
  return endpoint.auth === 'refresh' ? session.refreshToken : session.accessToken;
}

function isExpired(error: unknown): boolean {
  if (!(error instanceof FetchError) || error.status !== 401) return false;
  const body = error.data as { detail?: unknown } | undefined;
  return body?.detail === expiredDetail;
}

/** A 403 `forbidden`: the role may have changed since sign-in (an admin demoted this person). */
function isForbidden(error: unknown): boolean {
  return (
    error instanceof FetchError && error.status === 403 && (error.data as { code?: unknown })?.code === 'forbidden'
  );
}

let roleCheckedAt = 0;
/**
 * Asks the server for the role it has now (a refresh answers it), at most every 5 s: the areas, tabs and commands
 * follow, so a demoted person's open console loses what the new role may not open at their next refused request.
 */
function recheckRole(): void {
  if (Date.now() - roleCheckedAt < 5000 || !session.refreshToken) return;
  roleCheckedAt = Date.now();
  refreshSession().catch(() => {});
}

async function send<E extends CallAddress>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions,
  retried: boolean,
): Promise<AnswerOf<E>> {
  if (endpoint.auth === 'access' && !session.accessToken && session.refreshToken) await refreshSession();
  const bearer = bearerFor(endpoint);
  try {
    return await transport<AnswerOf<E>>(pathOf(endpoint, input.params as Record<string, unknown> | undefined), {
      method: endpoint.method,
      query: input.query as Record<string, unknown> | undefined,
      body: input.body as Record<string, unknown> | undefined,
      headers: { ...headersFor(endpoint, bearer, options.idempotencyKey), ...versionHeaders(endpoint, options.signal) },
      signal: endpoint.money ? withTimeout(options.signal, moneyTimeoutMs()) : options.signal,
      onResponse: ({ response }) => {
        noteVersion(options.signal, response.headers.get('etag'));
        if (response.ok) noteAuditId(endpoint, options.signal, response.headers.get(auditIdHeader));
      },
    });
  } catch (error) {
    if (endpoint.auth === 'access' && isForbidden(error)) recheckRole();
    if (retried || endpoint.auth !== 'access' || !isExpired(error) || options.signal?.aborted) throw error;
    if (session.accessToken === bearer || !session.accessToken) await refreshSession();
    return send(endpoint, input, options, true);
  }
}

/** The caller's signal, also aborted (as a `TimeoutError`) after `ms`. */
function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Sends a call; a money call whose outcome is unknown (no answer: network, timeout, a gateway's 502/504) is asked
 * again with the same `Idempotency-Key` until the server answers (it replays the first answer, or runs the call if
 * it never arrived), telling the listener named for its signal (see `onUncertainOutcome`) before each try.
 */
async function sendUntilKnown<E extends CallAddress>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions,
): Promise<AnswerOf<E>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(endpoint, input, options, false);
    } catch (error) {
      const unknown = isUncertain(error) || (attempt > 1 && isStillRunning(error));
      if (!endpoint.money || !unknown || options.signal?.aborted) throw error;
      uncertainListenerOf(options.signal)?.(attempt);
      await sleep(askAgainAfterMs(attempt), options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
}

/** The server is still running the first request of this key (409 `idempotency_in_progress`): ask again later. */
function isStillRunning(error: unknown): boolean {
  return (
    error instanceof FetchError && (error.data as { code?: unknown } | undefined)?.code === 'idempotency_in_progress'
  );
}

function asApiError(error: unknown, signal: AbortSignal | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return cancelledError();
  if (error instanceof FetchError) {
    if (error.cause instanceof Error && error.cause.name === 'AbortError') return cancelledError();
    return serverError(error.status ?? 0, error.data, error.response?.headers.get('retry-after'));
  }
  return serverError(0, undefined);
}

/**
 * Makes one admin call, typed from the catalogue. Sends the bearer token (the refresh token for refresh and
 * logout), the cross-site token on mutations and the idempotency key on money calls; on an expired access token
 * refreshes once (shared by concurrent calls) and retries once. Rejects with an `ApiError`: toasted, titled by what
 * happened (`failureTitle`: the action named for the signal, "Not allowed", "Server error"…), unless `silent`, a
 * cancel, an ended session, or a failure shown in place (`showFailuresInPlace`).
 */
export async function call<E extends CallAddress>(
  endpoint: E,
  input: CallInput<E> = {},
  options: CallOptions = {},
): Promise<AnswerOf<E>> {
  if (endpoint.money && !options.idempotencyKey) {
    throw new Error(`${endpoint.id} moves money: call it with an idempotencyKey`);
  }
  try {
    return await sendUntilKnown(endpoint, input, options);
  } catch (raw) {
    const error = asApiError(raw, options.signal);
    if (error.code === 'cancel_request' || error.code === 'session_ended') throw error;
    reportStale(options.signal, error.code);
    if (!options.silent && !failuresShownInPlace(options.signal)) {
      const title = failureTitle(error, actionOf(options.signal));
      toast({ title, message: error.message, type: 'negative', timeout: toastDefaults.errorTimeout });
    }
    if (error.status === 401 && endpoint.auth === 'access' && sessionGoneCodes.has(error.code)) endSession();
    throw error;
  }
}
