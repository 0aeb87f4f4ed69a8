import { sql } from 'drizzle-orm';
import type { LoginLimits } from '../config';
import type { Database } from '../db/client';
import { fail } from '../http/errors';

/**
 * Sign-in limits, counted from `login_failures` over a sliding window. Per e-mail: the `perAccount`-th failure locks
 * the e-mail until that many failures are no longer in the window (right password included). Failures before the
 * account's last successful sign-in do not count (an attacker cannot reset this without the password; the rows stay).
 * Per address: a much higher bound, never reset by a success, so one person's typos never lock out colleagues.
 */
export async function assertLoginAllowed(db: Database, email: string, ip: string, limits: LoginLimits): Promise<void> {
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;
  const result = await db.execute<{ account_retry: number | null; address_retry: number | null }>(sql`
    select
      (select ceil(extract(epoch from (f.at + ${window} - now())))::int
         from login_failures f
        where f.email = ${email}
          and f.at > now() - ${window}
          and f.at > coalesce((select s.last_login_at from staff s where s.email = ${email}), '-infinity')
        order by f.at desc offset ${limits.perAccount - 1} limit 1) as account_retry,
      (select ceil(extract(epoch from (f.at + ${window} - now())))::int
         from login_failures f
        where f.ip = ${ip} and f.at > now() - ${window}
        order by f.at desc offset ${limits.perAddress - 1} limit 1) as address_retry`);
  const row = result.rows[0];
  const retry = Math.max(row?.account_retry ?? 0, row?.address_retry ?? 0);
  if (retry > 0) throw fail('too_many_attempts', { headers: { 'Retry-After': String(retry) }, keepChanges: true });
}

/** Records a failed sign-in for the e-mail (known or not) and the address. */
export async function recordLoginFailure(db: Database, email: string, ip: string): Promise<void> {
  await db.execute(sql`insert into login_failures (email, ip) values (${email}, ${ip})`);
}

/** Forgets failures older than a day (they no longer count for anything). */
export async function pruneLoginFailures(db: Database): Promise<void> {
  await db.execute(sql`delete from login_failures where at < now() - interval '1 day'`);
}
