import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 of `text` (base64url) under a key derived from the server secret for one purpose ("loupe audit
 * export v1"), so a link of one kind never verifies as another and the token key itself never signs a link.
 */
export function linkSignature(jwtSecret: string, purpose: string, text: string): string {
  const key = createHmac('sha256', jwtSecret).update(purpose).digest();
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Whether a presented signature is the right one (constant time). */
export function signatureMatches(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
