import { authCalls } from '../http/auth-calls';
import { call } from '../http/call';
import { endSession } from '../http/end-session';
import { session } from './store';

/** Signs out: asks the server to revoke the session (best effort, at most 3 s), then ends it here and goes to /login. */
export async function signOut(): Promise<void> {
  if (session.refreshToken) {
    try {
      await call(authCalls.logout, {}, { silent: true, signal: AbortSignal.timeout(3000) });
    } catch {}
  }
  endSession();
}
