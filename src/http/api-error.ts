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

/** A failed answer as an `ApiError` titled `Server error`. */
export function serverError(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const answer = record(body);
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
  return new ApiError({
    title: 'Server error',
    message: serverMessage(body),
    status,
    code: text(answer?.code) ?? (status === 0 ? 'network_error' : `http_${status}`),
    detail: text(answer?.detail) ?? serverMessage(body),
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
