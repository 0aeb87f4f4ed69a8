import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const keyLength = 64;
/** scrypt's work factors, stored with each hash (so they can be raised later and old hashes still verify). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** scrypt cost: N=2^15, r=8, p=1 (about 40 ms and 32 MiB here). */
const cost: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const maxmem = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { ...params, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * `scrypt$N$r$p$salt$hash`, base64url parts. `work` is for test fixtures only (the test suites' staff accounts, which
 * sign in over a thousand times per run); every account the service itself creates gets the full cost.
 */
export async function hashPassword(password: string, work: ScryptCost = cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, work);
  return ['scrypt', work.N, work.r, work.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, for comparing against when the e-mail is unknown: same work, same timing. */
export const decoyHash = hashPassword(randomBytes(16).toString('hex'));
