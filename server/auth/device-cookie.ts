import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../domain/api';
import type { AppConfig } from '../config';

/** The device cookie: set at a successful sign-in, sent back to the auth calls only, never readable by scripts. */
export const deviceCookie = 'loupe_device';
const deviceCookiePath = `${apiPrefix}/auth`;
const oneYearSeconds = 365 * 24 * 60 * 60;

function signature(deviceId: string, email: string, secret: string): string {
  return createHmac('sha256', secret).update(`device:${deviceId}:${email.toLowerCase()}`).digest('base64url');
}

/** The cookie value for a device and the account that signed in on it: `<device id>.<HMAC of id and e-mail>`. */
export function deviceToken(deviceId: string, email: string, secret: string): string {
  return `${deviceId}.${signature(deviceId, email, secret)}`;
}

/** The device id of the request's device cookie when it was issued for this e-mail; otherwise null (unknown device). */
export function knownDeviceOf(request: FastifyRequest, email: string, secret: string): string | null {
  const value = request.cookies[deviceCookie];
  if (!value) return null;
  const [deviceId, presented, ...rest] = value.split('.');
  if (!deviceId || !presented || rest.length > 0 || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return null;
  const expected = Buffer.from(signature(deviceId, email, secret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * Marks this browser as a known device of the account that just signed in (keeping its device id if it had one for
 * this account). Signed with the JWT secret, HttpOnly, SameSite=Strict, `Secure` behind HTTPS, valid for a year.
 */
export function setDeviceCookie(reply: FastifyReply, known: string | null, email: string, config: AppConfig): void {
  const deviceId = known ?? randomBytes(18).toString('base64url');
  reply.setCookie(deviceCookie, deviceToken(deviceId, email, config.jwtSecret), {
    path: deviceCookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    maxAge: oneYearSeconds,
  });
}
