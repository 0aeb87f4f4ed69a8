/**
 * Error serialisation for the server log: database errors carry the query's parameters (drizzle's `Failed query: …
 * params: …`, PostgreSQL's `Key (email)=(…)` details), which hold customers' e-mails and other personal data. The log
 * keeps the query text, the error codes and the stack, with parameters and anything shaped like an e-mail replaced.
 */
const emailLike = /[^\s@'"`,;:()<>[\]{}=]+@[^\s@'"`,;:()<>[\]{}=]+\.[^\s@'"`,;:()<>[\]{}=]+/g;
const maxCauseDepth = 4;

function scrub(text: string, params: unknown): string {
  let result = text;
  if (Array.isArray(params)) result = result.split(`params: ${params.join(',')}`).join('params: [redacted]');
  result = result.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
  return result.replace(emailLike, '[email]');
}

/** An error as the log shows it. */
export interface RedactedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A loggable copy of an error: name, message, stack, codes and causes, without query parameters or e-mails. */
export function redactError(error: unknown, depth = 0): RedactedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error), undefined), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const params = fields.params;
  const copy: RedactedError = {
    type: error.name,
    message: scrub(error.message, params),
    stack: scrub(error.stack ?? '', params),
  };
  for (const key of ['code', 'statusCode', 'severity', 'detail', 'hint', 'table', 'column', 'constraint', 'routine']) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') copy[key] = scrub(String(value), params);
  }
  if (params !== undefined) copy.params = '[redacted]';
  if (error.cause !== undefined && depth < maxCauseDepth) copy.cause = redactError(error.cause, depth + 1);
  return copy;
}

/** Pino serializers for Fastify's logger option: errors logged as `err` or `error` go through `redactError`. */
export const redactingSerializers = {
  err: (error: unknown) => redactError(error),
  error: (error: unknown) => redactError(error),
};

/**
 * Logs an error outside a request (the job worker, payment reconciliation, the database pool) as one JSON line on
 * stderr, through the same redaction as the request log: no query parameters, no e-mails.
 */
export function logRedacted(message: string, error: unknown, fields: Record<string, unknown> = {}): void {
  const line = { level: 'error', time: Date.now(), msg: message, ...fields, err: redactError(error) };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}
