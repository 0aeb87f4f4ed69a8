import { and, eq, isNull, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { xsrfCookie } from '../../domain/auth';
import { isRole } from '../../domain/roles';
import type { Database } from '../db/client';
import { refreshTokens } from '../db/schema';
import { fail } from '../http/errors';
import { handlePublic } from '../http/handler';
import { findRefreshToken, issueTokens, revokeSession, setXsrfCookie } from './sessions';

/**
 * True when a used token may still be exchanged: used within the grace period, and the token that replaced it has
 * not been used yet (it is the immediately previous token of its family: two tabs refreshing at once).
 */
async function withinGrace(db: Database, tokenId: string, graceSeconds: number): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from refresh_tokens previous
        join refresh_tokens successor on successor.id = previous.replaced_by
       where previous.id = ${tokenId}
         and previous.used_at > now() - make_interval(secs => ${graceSeconds})
         and successor.used_at is null
    ) as ok`);
  return result.rows[0]?.ok === true;
}

/**
 * Rotation: the presented refresh token is used up and replaced. Presenting a used one again ends the whole session
 * (401 refresh_reused), except within the grace period for the immediately previous token, which gets a sibling pair.
 */
export const refresh = handlePublic(api.auth.refresh, async ({ db, bearer, reply, config, identify }) => {
  const found = bearer ? await findRefreshToken(db, bearer) : undefined;
  if (!found) throw fail('refresh_invalid');
  if (found.revokedAt) throw fail('session_revoked');
  if (!found.active) throw fail('staff_deactivated');
  if (found.expired) throw fail('refresh_invalid', { detail: 'The refresh token has expired; sign in again' });
  if (!isRole(found.role)) throw fail('refresh_invalid');
  const member = {
    id: found.staffId,
    role: found.role,
    email: found.email,
    firstName: found.firstName,
    lastName: found.lastName,
  };
  const used = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, found.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (used.length === 0 && !(await withinGrace(db, found.id, config.refreshGraceSeconds))) {
    await revokeSession(db, found.sessionId, 'refresh_reused');
    throw fail('refresh_reused', { keepChanges: true });
  }
  identify(member);
  const tokens = await issueTokens(db, member, found.sessionId, config);
  if (used.length > 0) {
    await db.update(refreshTokens).set({ replacedBy: tokens.refreshTokenId }).where(eq(refreshTokens.id, found.id));
  }
  setXsrfCookie(reply, found.sessionId, config);
  return { data: { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, user_role: member.role } };
});

/** Sign out: ends the session of the presented refresh token, and with it every token of the family. */
export const logout = handlePublic(api.auth.logout, async ({ db, bearer, reply, identify }) => {
  const found = bearer ? await findRefreshToken(db, bearer) : undefined;
  if (!found) throw fail('refresh_invalid');
  if (isRole(found.role)) {
    identify({
      id: found.staffId,
      role: found.role,
      email: found.email,
      firstName: found.firstName,
      lastName: found.lastName,
    });
  }
  await revokeSession(db, found.sessionId, 'logout');
  reply.clearCookie(xsrfCookie, { path: '/' });
  return { ok: true as const };
});
