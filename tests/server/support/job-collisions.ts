import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { insertCustomers } from './bulk';
import type { Client, TestApi } from './test-api';

/** A job worker in a process of its own (job-process.ts) over one PostgreSQL database. */
export interface JobProcess {
  /** Lets it finish its batch and exit; how many batches it ran again after a transient failure. */
  stop(): Promise<number>;
}

const script = fileURLToPath(new URL('./job-process.ts', import.meta.url));

/** Starts a job process and waits until its worker runs. */
export async function startJobProcess(url: string, env: Record<string, string> = {}): Promise<JobProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, JOB_DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`job process exited (${code}): ${errors.slice(-2000)}`)));
    });
  const ready = await next();
  if (ready !== 'ready') throw new Error(`job process said ${ready}`);
  return {
    async stop() {
      const figures = next();
      child.stdin.end();
      return (JSON.parse(await figures) as { transientRetried: number }).transientRetried;
    },
  };
}

/** What one round came to: each recipient's notification count, each bulk row's state, what the rows said. */
export interface RoundOutcome {
  customers: number;
  /** Customers with exactly one notification of the round's broadcast. */
  notifiedOnce: number;
  /** Notifications beyond one per customer (must be 0). */
  duplicates: number;
  /** Bulk rows done (each customer's status flipped once). */
  rowsDone: number;
  /** The broadcast row's status and sending state once it ended, and its failed recipients. */
  broadcast: { status: string; sending_state: string; failed_recipients: number };
}

const countryFilter = (country: string) => ({
  filters: [{ kind: 'multi' as const, column: 'country', op: 'equal' as const, value: [country] }],
});

/** The customers a collision run works on: `count` active customers of a country of their own. */
export function insertCollisionCustomers(db: Database, count: number, country: string) {
  return insertCustomers(db, count, { country, status: 'ACTIVE', tag: `collide${country}` });
}

/** Waits until no job is queued or running (both processes are then idle). */
async function untilIdle(db: Database, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where state in ('queued', 'running')`,
    );
    if (Number(result.rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the jobs did not finish in time');
}

/**
 * One round: a broadcast and a bulk run (suspend on odd rounds, unsuspend on even ones, so every row changes) over
 * the same customers, queued together so the two processes run them at the same time.
 */
export async function collisionRound(
  api: TestApi,
  staff: { marketer: Client; support: Client },
  round: number,
  country: string,
  customers: number,
): Promise<RoundOutcome> {
  const segment = countryFilter(country);
  const [sent, bulk] = await Promise.all([
    staff.marketer.post(
      api.notifications.send,
      {},
      {
        title: `Collision round ${round}`,
        content: 'Sent while a bulk run changes the same customers.',
        category: 'NEW',
        sentiment: 'POSITIVE',
        trigger_type: 'BROADCAST',
        link: '/presets',
        segment,
      },
    ),
    staff.support.post(
      api.bulkRuns.create,
      {},
      {
        command: round % 2 === 1 ? 'suspend' : 'unsuspend',
        target: { filter: segment },
        params: round % 2 === 1 ? { reason: 'FRAUD', description: `collision round ${round}` } : {},
      },
    ),
  ]);
  if (sent.status !== 200 || bulk.status !== 200) {
    throw new Error(`round ${round}: send ${sent.status} ${sent.raw.body}, bulk ${bulk.status} ${bulk.raw.body}`);
  }
  await untilIdle(api.db, 120_000 + customers * 20);
  const broadcastId = sent.json.notification.id;
  const notified = await api.db.execute<{ once: number; extra: number }>(sql`
    select count(*) filter (where n = 1)::int as once, coalesce(sum(n - 1), 0)::int as extra
    from (select customer_id, count(*) as n from customer_notifications where broadcast_id = ${broadcastId}
      group by customer_id) as per_customer`);
  const done = await api.db.execute<{ n: number }>(sql`
    select count(*)::int as n from job_items where job_id = ${bulk.json.id} and state = 'done'`);
  const row = (await staff.marketer.get(api.notifications.list)).json.notifications.find((n) => n.id === broadcastId);
  return {
    customers,
    notifiedOnce: Number(notified.rows[0]?.once ?? 0),
    duplicates: Number(notified.rows[0]?.extra ?? 0),
    rowsDone: Number(done.rows[0]?.n ?? 0),
    broadcast: {
      status: row?.status ?? 'missing',
      sending_state: row?.sending_state ?? 'missing',
      failed_recipients: row?.failed_recipients ?? -1,
    },
  };
}
