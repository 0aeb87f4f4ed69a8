/** Shown when a failed answer carries neither `error.message` nor `detail` (console-spec §8). */
export const defaultServerMessage = 'Server Error - Contact Support';

interface ApiErrorInit {
  title: string;
  message: string;
  status: number;
  code: string;
  detail?: string;
  field?: string;
  retryAfterSeconds?: number;
}

/**
 * Every rejection of `call`: `title` and `message` are what a person sees; `status` is 0 without an answer
 * (network, cancel); `code` is the server's catalogue code, or `cancel_request` / `network_error` / `session_ended`.
 */
export class ApiError extends Error {
  readonly title: string;
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** The invalid input the server named (400 validation), if any. */
  readonly field: string | undefined;
  /** From a 429's `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.title = init.title;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? init.message;
    this.field = init.field;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The message of a failed answer: `error.message` if a string, else `detail` if a string, else the default. */
export function serverMessage(body: unknown): string {
  const answer = record(body);
  return text(record(answer?.error)?.message) ?? text(answer?.detail) ?? defaultServerMessage;
}

/** The spec's toast title for a failure nobody foresaw (console-spec §8): 5xx, no answer, unknown statuses. */
export const defaultFailureTitle = 'Server error';

/** Refusals whose title says what happened whatever was tried: someone else's change, a rate limit. */
const titlesByCode: Readonly<Record<string, string>> = {
  stale_version: 'Conflict: changed by someone else',
  contract_changed: 'Conflict: changed by someone else',
  currency_changed_meanwhile: 'Conflict: changed by someone else',
  price_changed: 'Conflict: the price changed',
  idempotency_in_progress: 'Still running',
  payment_declined: 'Card declined',
  network_error: 'No connection',
};

/** What a request that got no answer says: never a server error, for the server may never have heard of it. */
export const networkMessage = 'Loupe’s server could not be reached. Check the connection and try again.';

/** What a 4xx means for people, by status, when the console does not know what was being tried. */
const titlesByStatus: Readonly<Record<number, string>> = {
  400: 'Not accepted',
  402: 'Card declined',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Not accepted',
  415: 'Not accepted',
  422: 'Not accepted',
  429: 'Too many attempts',
};

/** Statuses whose title wins over the action's: they say what happened more plainly than "Suspend failed". */
const plainStatuses: ReadonlySet<number> = new Set([403, 429]);

/**
 * The title of a failure's toast, by what happened: a conflict with someone else's change or a missing permission
 * say so ("Conflict: changed by someone else", "Not allowed"); another refusal (4xx) of a known action names the
 * action (`action`, e.g. "Give credit failed"), else the kind of refusal ("Not found"); anything unforeseen (5xx, no
 * answer) keeps the spec's default "Server error".
 */
export function failureTitle(failure: { status: number; code: string }, action?: string): string {
  const byCode = titlesByCode[failure.code];
  if (byCode) return byCode;
  if (failure.status < 400 || failure.status >= 500) return defaultFailureTitle;
  if (plainStatuses.has(failure.status)) return titlesByStatus[failure.status] ?? defaultFailureTitle;
  return action ?? titlesByStatus[failure.status] ?? defaultFailureTitle;
}

/** The title of a command's failure: "Give credit failed", "Suspend failed". */
export function actionFailedTitle(commandTitle: string): string {
  return `${commandTitle} failed`;
}

const actionsBySignal = new WeakMap<AbortSignal, string>();

/**
 * Names what the calls made with `signal` are trying (e.g. "Give credit failed"), so their failure toasts say so
 * (see `failureTitle`). The command runner names each run this way; nothing else changes for those calls.
 */
export function nameFailuresOf(signal: AbortSignal, action: string): void {
  actionsBySignal.set(signal, action);
}

const shownInPlace = new WeakSet<AbortSignal>();

/**
 * The failures of the calls made with `signal` are shown where the person is looking (a command's form, under its
 * field or above its buttons), so they are not toasted as well: one place per error.
 */
export function showFailuresInPlace(signal: AbortSignal): void {
  shownInPlace.add(signal);
}

/** Whether the failures of `signal`'s calls are shown in place (see `showFailuresInPlace`). */
export function failuresShownInPlace(signal: AbortSignal | undefined): boolean {
  return signal !== undefined && shownInPlace.has(signal);
}

/** The action named for `signal` (see `nameFailuresOf`), if any. */
export function actionOf(signal: AbortSignal | undefined): string | undefined {
  return signal ? actionsBySignal.get(signal) : undefined;
}

/** A failed answer as an `ApiError`, titled by what happened (see `failureTitle`). */
export function serverError(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const answer = record(body);
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
  const code = text(answer?.code) ?? (status === 0 ? 'network_error' : `http_${status}`);
  const message = code === 'network_error' ? networkMessage : serverMessage(body);
  return new ApiError({
    title: failureTitle({ status, code }),
    message,
    status,
    code,
    detail: text(answer?.detail) ?? message,
    field: text(answer?.field),
    retryAfterSeconds: Number.isFinite(seconds) ? seconds : undefined,
  });
}

/** A request its caller cancelled (console-spec §8): never toasted. */
export function cancelledError(): ApiError {
  return new ApiError({ title: 'Cancel request', message: 'Cancel request', status: 0, code: 'cancel_request' });
}

/** The session could not be refreshed and has ended; the person is on their way to /login. Never toasted. */
export function sessionEndedError(): ApiError {
  return new ApiError({
    title: 'Session ended',
    message: 'Your session has ended; sign in again',
    status: 401,
    code: 'session_ended',
  });
}
