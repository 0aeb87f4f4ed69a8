import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '../../domain/roles';
import { fail } from '../http/errors';

/** What an access token says: who (`sub`), with which role at issue time, in which session (`sid`). */
export interface AccessClaims {
  staffId: number;
  role: Role;
  sessionId: string;
}

const encoder = new TextEncoder();
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Signs a short-lived HS256 access token. */
export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.staffId))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(encoder.encode(secret));
}

/** A verified access token's claims and when it expires (epoch milliseconds). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

/** Verifies an access token: 401 `Signature has expired` when expired, 401 `token_invalid` for anything else wrong. */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifiedAccess> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    const staffId = Number(payload.sub);
    if (
      payload.typ !== 'access' ||
      !Number.isSafeInteger(staffId) ||
      typeof payload.sid !== 'string' ||
      !uuidPattern.test(payload.sid) ||
      !isRole(payload.role) ||
      typeof payload.exp !== 'number'
    ) {
      throw fail('token_invalid');
    }
    return { staffId, role: payload.role, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw fail('token_expired');
    if (error instanceof errors.JOSEError) throw fail('token_invalid');
    throw error;
  }
}

/** A new opaque refresh token (256 random bits); only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a refresh token, as stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The cross-site request token of a session: HMAC-SHA256(secret, session id), base64url. */
export function xsrfTokenOf(sessionId: string, secret: string): string {
  return createHmac('sha256', secret).update(sessionId).digest('base64url');
}

/** Constant-time comparison of a presented cross-site token with the session's. */
export function xsrfTokenMatches(presented: string | undefined, sessionId: string, secret: string): boolean {
  if (!presented) return false;
  const expected = Buffer.from(xsrfTokenOf(sessionId, secret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
