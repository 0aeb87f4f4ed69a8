import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures as payment providers sign theirs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * The timestamp is inside the signed text, so an old request cannot be given a fresh one; several `v1=` values may
 * be sent while a secret is rotated.
 */
export function signBody(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Why a signature was refused: none or malformed, wrong, or outside the tolerance window. */
export type SignatureRefusal = 'signature_missing' | 'signature_invalid' | 'signature_expired';

/** Checks `header` against `body` signed with `secret`, at `nowSeconds`: null when good, else why not. */
export function checkSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds: number,
): SignatureRefusal | null {
  if (!header || header.length > 1000) return 'signature_missing';
  let timestamp: number | null = null;
  const macs: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) macs.push(value);
  }
  if (timestamp === null || macs.length === 0) return 'signature_missing';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const matches = macs.some((mac) => timingSafeEqual(Buffer.from(mac, 'hex'), expected));
  if (!matches) return 'signature_invalid';
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'signature_expired';
  return null;
}
