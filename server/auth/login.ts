import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { isRole } from '../../domain/roles';
import { staff } from '../db/schema';
import { fail } from '../http/errors';
import { handlePublic } from '../http/handler';
import { knownDeviceOf, setDeviceCookie } from './device-cookie';
import {
  assertLoginAllowed,
  type LoginAttempt,
  recordLoginFailure,
  serialiseUnknownDeviceAttempts,
} from './login-limits';
import { decoyHash, verifyPassword } from './passwords';
import { issueTokens, setXsrfCookie, startSession } from './sessions';

/**
 * Sign in. Unknown e-mail, wrong password and deactivated account answer the same 422 after the same scrypt work;
 * every failure is recorded (kept although the call fails) and the limits (login-limits.ts) are checked before and
 * after it. A success marks the browser as a known device of the account (device cookie).
 */
export const login = handlePublic(api.auth.login, async ({ db, body, request, reply, config, identify }) => {
  const { email, password } = body;
  const attempt: LoginAttempt = { email, ip: request.ip, device: knownDeviceOf(request, email, config.jwtSecret) };
  if (!attempt.device) await serialiseUnknownDeviceAttempts(db, email);
  await assertLoginAllowed(db, attempt, config.loginLimits);
  const [account] = await db.select().from(staff).where(eq(staff.email, email));
  const passwordMatches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash));
  if (!account || !passwordMatches || !account.active || !isRole(account.role)) {
    await recordLoginFailure(db, attempt);
    await assertLoginAllowed(db, attempt, config.loginLimits);
    throw fail('bad_credentials', { keepChanges: true });
  }
  const member = {
    id: account.id,
    role: account.role,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
  };
  identify(member);
  await db.update(staff).set({ lastLoginAt: sql`now()` }).where(eq(staff.id, account.id));
  const sessionId = await startSession(db, account.id, request);
  const tokens = await issueTokens(db, member, sessionId, config);
  setXsrfCookie(reply, sessionId, config);
  setDeviceCookie(reply, attempt.device, email, config);
  return {
    user_id: account.id,
    user_role: account.role,
    first_name: account.firstName,
    last_name: account.lastName,
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  };
});
