import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The contract's signature, written here again on purpose: the stand-in is another party and shares no code with
 * the server, so a drift between the two implementations fails the tests instead of hiding.
 */
export function sign(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** True when `header` signs `body` with `secret` within `toleranceSeconds` of now. */
export function verify(secret: string, header: string | undefined, body: string, toleranceSeconds: number): boolean {
  const t = /(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header ?? '')?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})(?:,|$)/.exec(header ?? '')?.[1];
  if (!t || !v1) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(Buffer.from(v1, 'hex'), expected);
}
