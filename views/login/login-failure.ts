import { ApiError } from '../../src/http/api-error';

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

/** The login input a refusal names (a 400 with `field`: `email`, `body.password`), if any. */
export function loginFailureField(error: unknown): 'email' | 'password' | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return undefined;
  const name = error.field.split(/[./]/).filter(Boolean).pop();
  return name === 'email' || name === 'password' ? name : undefined;
}

/** What the login form says when signing in fails: the server's own message, in words a person can act on. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Signing in failed; try again.';
  if (error.status === 422) return 'Wrong e-mail or password';
  if (error.status === 429) {
    const after = error.retryAfterSeconds;
    return after && !/\d/.test(error.message) ? `${error.message} (in ${wait(after)})` : error.message;
  }
  if (error.status === 0) return 'Cannot reach the server; check the connection and try again.';
  if (loginFailureField(error)) {
    const text = error.message.replace(/^[\w./]+: /, '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return error.message;
}
