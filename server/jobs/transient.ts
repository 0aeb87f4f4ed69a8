/**
 * PostgreSQL's codes for a failure that says nothing about the work itself: run it again and it may well pass.
 * 40P01 deadlock, 40001 serialization, 55P03 lock not available, 57P01–57P03 the server shut down or restarts,
 * 08xxx the connection failed.
 */
const transientCodes = /^(40P01|40001|55P03|57P0[1-3]|08[0-9A-Z]{3})$/;
/** What node-postgres throws when the connection drops under a query (no SQLSTATE then). */
const lostConnection =
  /Connection terminated|connection (?:was )?(?:closed|ended|lost)|Client has encountered a connection error|ECONNRESET|EPIPE|ECONNREFUSED/i;

/** The SQLSTATE of a database error, looking through drizzle's wrapping (`cause`). */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * True for a deadlock, a serialization failure or a lost connection: a batch that fails so is run again (with
 * backoff), never marked failed for good.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state !== null) return transientCodes.test(state);
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const message = (current as { message?: unknown }).message;
    const code = (current as { code?: unknown }).code;
    if (typeof message === 'string' && lostConnection.test(message)) return true;
    if (typeof code === 'string' && /^(ECONNRESET|EPIPE|ECONNREFUSED)$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
