import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { xsrfCookie } from '../../domain/auth';
import type { Role } from '../../domain/roles';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { refreshTokens, sessions, staff } from '../db/schema';
import { hashRefreshToken, newRefreshToken, signAccessToken, xsrfTokenOf } from './tokens';

/** A freshly issued pair. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Row id of the new refresh token. */
  refreshTokenId: string;
}

/** Starts a session (a refresh-token family) for a staff member signing in. */
export async function startSession(db: Database, staffId: number, request: FastifyRequest): Promise<string> {
  const [session] = await db
    .insert(sessions)
    .values({ staffId, ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null })
    .returning({ id: sessions.id });
  if (!session) throw new Error('could not start a session');
  return session.id;
}

/** Issues a new access token and a new refresh token of the session. */
export async function issueTokens(
  db: Database,
  staff: { id: number; role: Role },
  sessionId: string,
  config: AppConfig,
): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({
      tokenHash: hashRefreshToken(refreshToken),
      sessionId,
      expiresAt: sql`now() + make_interval(secs => ${config.refreshTokenTtlSeconds})`,
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('could not store the refresh token');
  const accessToken = await signAccessToken(
    { staffId: staff.id, role: staff.role, sessionId },
    config.jwtSecret,
    config.accessTokenTtlSeconds,
  );
  return { accessToken, refreshToken, refreshTokenId: row.id };
}

/** Ends a session: every refresh token of the family and every access token naming it stop working. */
export async function revokeSession(db: Database, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(sql`${sessions.id} = ${sessionId} and ${sessions.revokedAt} is null`);
}

/** Sets the `XSRF-TOKEN` cookie of the session (readable by the console, sent back as `X-XSRF-TOKEN`). */
export function setXsrfCookie(reply: FastifyReply, sessionId: string, config: AppConfig): void {
  reply.setCookie(xsrfCookie, xsrfTokenOf(sessionId, config.jwtSecret), {
    path: '/',
    sameSite: 'strict',
    httpOnly: false,
    secure: config.secureCookies,
    maxAge: config.refreshTokenTtlSeconds,
  });
}

/** The stored refresh token a presented one hashes to, with its session and staff member. */
export async function findRefreshToken(db: Database, token: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      replacedBy: refreshTokens.replacedBy,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
      revokedAt: sessions.revokedAt,
      staffId: staff.id,
      role: staff.role,
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      active: staff.active,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return row;
}
