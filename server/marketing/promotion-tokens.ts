import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Promotion link tokens: `base64url(JSON {i, b, e})` `.` `base64url(HMAC-SHA256)`, where `i` is the link's id, `b` its
 * benefit and `e` its expiry in Unix seconds. The key is derived from the server secret, so it is never the token key
 * of sessions or of other signed links.
 */

export interface PromotionClaims {
  id: number;
  benefit: string;
  expires: number;
}

function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('loupe promotion links v1').digest();
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', linkKey(secret)).update(payload).digest('base64url');
}

/** The token of a link. */
export function promotionToken(secret: string, claims: PromotionClaims): string {
  const payload = Buffer.from(JSON.stringify({ i: claims.id, b: claims.benefit, e: claims.expires })).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload)}`;
}

/** What a presented token turned out to be. */
export type TokenCheck = { ok: true; claims: PromotionClaims } | { ok: false; reason: 'tampered' | 'expired' };

/** Checks a token's signature (constant time), then its expiry against `nowMs`. */
export function checkPromotionToken(secret: string, token: string, nowMs: number): TokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'tampered' };
  const expected = Buffer.from(sign(secret, payload));
  const presented = Buffer.from(signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) {
    return { ok: false, reason: 'tampered' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'tampered' };
  }
  const { i, b, e } = (parsed ?? {}) as { i?: unknown; b?: unknown; e?: unknown };
  if (!Number.isSafeInteger(i) || typeof b !== 'string' || !Number.isSafeInteger(e)) {
    return { ok: false, reason: 'tampered' };
  }
  const claims = { id: i as number, benefit: b, expires: e as number };
  if (claims.expires * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/**
 * What the landing redirect carries instead of the offer: `{id}.{HMAC}` (its own derived key), so the customer app
 * looks the offer up by a reference nobody can change into another link's id.
 */
export function promotionReference(secret: string, id: number): string {
  return `${id}.${createHmac('sha256', linkKey(secret)).update(`reference ${id}`).digest('base64url')}`;
}

/** The link id of a genuine reference, or null (constant-time signature check; `057`, `+5`, `0x5` are not ids). */
export function checkPromotionReference(secret: string, reference: string): number | null {
  const match = /^([1-9]\d{0,14})\.([\w-]{43})$/.exec(reference);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(promotionReference(secret, id));
  const presented = Buffer.from(reference);
  return expected.length === presented.length && timingSafeEqual(expected, presented) ? id : null;
}
