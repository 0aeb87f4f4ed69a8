import { sql } from 'drizzle-orm';
import type { LoginLimits } from '../config';
import type { Database } from '../db/client';
import { fail } from '../http/errors';

/** Who is trying to sign in: the (lower-case) e-mail, the client address, and the device id of a valid device cookie. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** Set when the browser holds this account's device cookie (it signed in as this account before). */
  device: string | null;
}

/** The failure counts and waits that decide an attempt, in one query. */
type LimitRow = {
  device_retry: number | null;
  address_retry: number | null;
  pair_retry: number | null;
  account_failures: number;
  account_since_last: number | null;
};

/**
 * Sign-in limits (docs/api.md, sign-in limits), counted from `login_failures`; nobody can lock an account for its owner:
 * - a known device (valid device cookie for the e-mail) counts only its own failures: `perDevice` per window;
 * - from unknown devices, per e-mail and address: `perAccountAddress` per window; per address: `perAddress`;
 * - per e-mail, from unknown devices, since its last sign-in and within a day: `freeFailures` free, then each attempt
 *   waits `2^k` seconds after the latest failure (k = failures − freeFailures + 1), at most `maxDelaySeconds`.
 * Failures before the account's last successful sign-in do not count for the e-mail (the rows stay). 429 with
 * Retry-After when an attempt has to wait; the wait is checked before the password is.
 */
export async function assertLoginAllowed(db: Database, attempt: LoginAttempt, limits: LoginLimits): Promise<void> {
  const { email, ip, device } = attempt;
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;
  const since = sql`greatest(now() - interval '1 day',
    coalesce((select s.last_login_at from staff s where s.email = ${email}), '-infinity'))`;
  const retryAfterNth = (where: ReturnType<typeof sql>, nth: number) => sql`(
    select ceil(extract(epoch from (f.at + ${window} - now())))::int from login_failures f
     where ${where} and f.at > now() - ${window} order by f.at desc offset ${nth - 1} limit 1)`;
  const result = await db.execute<LimitRow>(sql`
    select
      ${device ? retryAfterNth(sql`f.device = ${device} and f.email = ${email} and f.at > ${since}`, limits.perDevice) : sql`null::int`} as device_retry,
      ${retryAfterNth(sql`f.ip = ${ip}`, limits.perAddress)} as address_retry,
      ${retryAfterNth(sql`f.email = ${email} and f.ip = ${ip} and f.device is null and f.at > ${since}`, limits.perAccountAddress)} as pair_retry,
      (select count(*)::int from login_failures f
        where f.email = ${email} and f.device is null and f.at > ${since}) as account_failures,
      (select extract(epoch from (now() - max(f.at)))::float8 from login_failures f
        where f.email = ${email} and f.device is null and f.at > ${since}) as account_since_last`);
  const row = result.rows[0];
  if (!row) return;
  const retry = device
    ? (row.device_retry ?? 0)
    : Math.max(row.address_retry ?? 0, row.pair_retry ?? 0, progressiveWait(row, limits));
  if (retry > 0) {
    throw fail('too_many_attempts', {
      detail: `Too many failed sign-ins; try again in ${retry} s`,
      headers: { 'Retry-After': String(retry) },
      keepChanges: true,
    });
  }
}

/** Seconds the account still has to wait after its latest failure from an unknown device (0: none). */
export function progressiveDelaySeconds(failures: number, limits: LoginLimits): number {
  if (failures < limits.freeFailures) return 0;
  return Math.min(2 ** (failures - limits.freeFailures + 1), limits.maxDelaySeconds);
}

function progressiveWait(row: LimitRow, limits: LoginLimits): number {
  const delay = progressiveDelaySeconds(row.account_failures, limits);
  if (delay === 0 || row.account_since_last === null) return 0;
  return Math.max(0, Math.ceil(delay - Number(row.account_since_last)));
}

/**
 * Serialises sign-in attempts at one e-mail from unknown devices (a transaction-scoped advisory lock), so that a burst
 * of parallel guesses is counted one by one instead of all passing the check before any failure is recorded.
 */
export async function serialiseUnknownDeviceAttempts(db: Database, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
}

/** Records a failed sign-in for the e-mail (known or not), the address and the device cookie it came with. */
export async function recordLoginFailure(db: Database, attempt: LoginAttempt): Promise<void> {
  await db.execute(
    sql`insert into login_failures (email, ip, device) values (${attempt.email}, ${attempt.ip}, ${attempt.device})`,
  );
}

/** Forgets failures older than a day (they no longer count for anything). */
export async function pruneLoginFailures(db: Database): Promise<void> {
  await db.execute(sql`delete from login_failures where at < now() - interval '1 day'`);
}
