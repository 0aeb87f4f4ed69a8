import { type ErrorAnswer, type ErrorCode, errorCatalogue } from '../../domain/errors';

/** What a handler may change about a catalogue error when it throws it. */
export interface FailOverrides {
  /** A more precise message than the catalogue's. */
  detail?: string;
  /** The input field at fault. */
  field?: string;
  /** Extra answer headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  /** Commit what the handler wrote before failing (e.g. a recorded login failure, a revoked token family). */
  keepChanges?: boolean;
}

/** An error answer from the catalogue; thrown by handlers and the registration pipeline, answered as `{detail, code, field?}`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  readonly keepChanges: boolean;

  constructor(code: ErrorCode, overrides: FailOverrides = {}) {
    const entry = errorCatalogue[code];
    super(overrides.detail ?? entry.message);
    this.name = 'ApiError';
    this.code = code;
    this.status = entry.status;
    this.field = overrides.field;
    this.headers = overrides.headers ?? {};
    this.keepChanges = overrides.keepChanges ?? false;
  }

  /** The JSON body of the answer. */
  toAnswer(): ErrorAnswer {
    return this.field === undefined
      ? { detail: this.message, code: this.code }
      : { detail: this.message, code: this.code, field: this.field };
  }
}

/** The error to throw for a catalogue code: `throw fail('customer_not_found')`. */
export function fail(code: ErrorCode, overrides?: FailOverrides): ApiError {
  return new ApiError(code, overrides);
}

/** True for the errors the catalogue describes (as opposed to bugs). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
