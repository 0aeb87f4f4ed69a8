import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isRole } from '../../domain/roles';
import { verifyAccessToken } from '../auth/tokens';
import type { Database } from '../db/client';
import { sessions, staff } from '../db/schema';
import { fail } from './errors';
import type { StaffMember } from './handler';
import type { SessionCache } from './session-cache';

/** Who is calling with an access token: the staff member as stored now, and the session the token belongs to. */
export interface Caller {
  staff: StaffMember;
  sessionId: string;
}

/** The bearer token of the Authorization header, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates an access token: signature and expiry, then ONE query for the staff row and the session; or the same
 * answer from `cache` (server/http/session-cache.ts) for a token checked less than a second ago. The role that counts is the stored one, not the token's; a
 * deactivated account or an ended session is refused at once (the cache is emptied by every such change).
 */
export async function authenticateAccess(
  request: FastifyRequest,
  db: Database,
  secret: string,
  cache?: SessionCache,
): Promise<Caller> {
  const token = bearerOf(request);
  if (!token) throw fail('not_authenticated');
  const cached = cache?.get(token);
  if (cached) return cached;
  const checkedAt = Date.now();
  const claims = await verifyAccessToken(token, secret);
  const [row] = await db
    .select({
      id: staff.id,
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      role: staff.role,
      active: staff.active,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
    })
    .from(staff)
    .leftJoin(sessions, and(eq(sessions.id, claims.sessionId), eq(sessions.staffId, staff.id)))
    .where(eq(staff.id, claims.staffId));
  if (!row) throw fail('token_invalid');
  if (!row.active) throw fail('staff_deactivated');
  if (!row.sessionId || row.revokedAt) throw fail('session_revoked');
  if (!isRole(row.role)) throw fail('forbidden');
  const caller: Caller = {
    staff: { id: row.id, role: row.role, email: row.email, firstName: row.firstName, lastName: row.lastName },
    sessionId: row.sessionId,
  };
  cache?.set(token, caller, checkedAt, claims.expiresAt);
  return caller;
}
