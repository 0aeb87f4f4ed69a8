import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { CpuMeter, pidsNamed, processTree } from './cpu-time';
import { timedRequest } from './http-load';
import { prepareBenchDatabase } from './prepare';

/**
 * `npm run bench:billing` (DATABASE_URL: a PostgreSQL copy of loupe_1m, never loupe_1m itself): adds `--contracts`
 * yearly contracts (default 100,000) whose second month begins today by the database's clock, to customers without
 * one, with a card the sandbox charges; starts the real server, whose schedule queues today's billing run and whose
 * job worker runs it; measures the run (the job's start to its end) with user search loaded meanwhile (p50/p95), and
 * counts in the database that every contract was charged its installment exactly once. Bench contracts are marked
 * (`next_plan_name` 'bench:billing') and replaced by the next run of the bench.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    contracts: { type: 'string', default: '100000' },
    port: { type: 'string', default: '8281' },
    'search-concurrency': { type: 'string', default: '2' },
    'changed-last-charge': { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench:billing runs on PostgreSQL: set DATABASE_URL (a copy of loupe_1m)');
if (/\/loupe_1m(\?|$)/.test(databaseUrl)) throw new Error('Make a copy of loupe_1m: the bench writes contracts');
const wanted = Number(values.contracts);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const held = await prepareBenchDatabase({ url: databaseUrl }, Number(values.users));

const database = await openDatabase({ url: databaseUrl });
const { db } = database;
const marker = 'bench:billing';
const prepared = performance.now();
await db.execute(sql`delete from contracts where next_plan_name = ${marker}`);
await db.execute(sql`delete from jobs where kind = 'contract_billing'`);
// Month 2 of each contract begins today: it started a month ago, and its first installment (1/12 of the year) was paid.
await db.execute(sql`
  with chosen as (
    select cu.id, cu.currency from customers cu
    where not exists (select 1 from contracts c where c.customer_id = cu.id and c.state = 'ACTIVE')
      and cu.currency in ('USD', 'EUR', 'GBP')
    order by cu.id limit ${wanted}),
  made as (
    insert into contracts (customer_id, state, start_date, end_date, number_of_edits, price_per_edit, crop_price,
      straightening_price, subject_mask_price, smooth_skin_price, currency, country, discount_basis_points,
      monthly_payment, yearly_total, renewal_state, next_plan_name)
    select id, 'ACTIVE', (current_date - interval '1 month')::date, (current_date + interval '11 months')::date, 1000,
      4500, 200, 200, 500, 500, currency, 'US', 1000, 33750, 405000, 'AUTO_RENEWAL', ${marker}
    from chosen returning id, customer_id, currency)
  insert into contract_payments (contract_id, customer_id, kind, amount, currency)
  select id, customer_id, 'INSTALLMENT', 33750, currency from made`);
// The customer's last charge is the first installment, as creating the contract wrote it; `--changed-last-charge`
// makes it another amount, so the run rewrites every customer's row (the worst case: 21 indexes, three trigram).
const lastChargeOf = values['changed-last-charge'] ? sql`33751 + id % 1000` : sql`33750`;
await db.execute(sql`
  update customers set payment_method_token = 'pm_card_ok', charge_failed = false, failed_charge_amount = null,
    last_charge_amount = ${lastChargeOf}
  where id in (select customer_id from contracts where next_plan_name = ${marker})`);
await db.execute(sql`vacuum analyze contracts, contract_payments, customers`);
const counted = await db.execute<{ n: number }>(
  sql`select count(*)::int as n from contracts where next_plan_name = ${marker}`,
);
const contracts = Number(counted.rows[0]?.n ?? 0);
console.log(
  `Database: PostgreSQL, ${held.toLocaleString('en-US')} customers; ${contracts.toLocaleString('en-US')} contracts due today (prepared in ${((performance.now() - prepared) / 1000).toFixed(1)} s)`,
);

const filesDir = mkdtempSync(join(tmpdir(), 'loupe-bench-files-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    SEED: 'none',
    SKIP_CONSOLE_BUILD: '1',
    FILES_DIR: filesDir,
    PUBLIC_URL: process.env.PUBLIC_URL ?? base,
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-of-at-least-thirty-two-characters',
  },
  // Its log goes nowhere: a pipe closed by this bench's exit made the server's shutdown line an EPIPE crash.
  stdio: ['ignore', 'ignore', 'inherit'],
});
server.on('exit', (code) => {
  console.error(`The server exited (code ${code}) before the bench ended`);
  process.exit(1);
});
process.on('exit', () => {
  server.kill('SIGTERM');
  rmSync(filesDir, { recursive: true, force: true });
});
for (let attempt = 0; ; attempt++) {
  try {
    await fetch(`${base}/admin/auth/login`, { method: 'POST' });
    break;
  } catch {
    if (attempt > 240) throw new Error('The server did not start within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
/** A fresh access token (the run outlives one: a 401 signs in again). */
const signIn = async () => {
  const login = await fetch(`${base}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
};
let token = await signIn();

const words = ['gmail', 'studio', 'photo', 'smith', 'anna', 'wedding', 'john', 'mail'];
const timings: number[] = [];
let failures = 0;
let billing = true;
/** Searches at the bench's concurrency while `going()`, their times into `into`. */
const search = (into: number[], going: () => boolean) =>
  Array.from({ length: Number(values['search-concurrency']) }, async (_, worker) => {
    let i = worker;
    while (going()) {
      const begin = performance.now();
      const status = await timedRequest(`${base}/admin/users/search/${words[i++ % words.length]}`, token);
      if (status === 200) into.push(performance.now() - begin);
      else if (status === 401) token = await signIn();
      else failures += 1;
    }
  });
const searchers = search(timings, () => billing);

// CPU seconds the server process and the PostgreSQL server (every backend, this bench's and anyone else's) use while
// the job runs: on a shared machine the wall time follows the load, the CPU a period costs does not.
const serverCpu = new CpuMeter(() => (server.pid ? processTree(server.pid) : []));
const databaseCpu = new CpuMeter(() => pidsNamed('postgres'));
serverCpu.start();
databaseCpu.start();
const loadBefore = loadavg();

type JobRow = { state: string; seconds: number | null };
let job: JobRow | undefined;
for (;;) {
  const result = await db.execute<JobRow>(sql`
    select state, extract(epoch from (coalesce(finished_at, now()) - started_at))::float8 as seconds
    from jobs where kind = 'contract_billing' order by id desc limit 1`);
  job = result.rows[0];
  if (job && ['done', 'failed', 'cancelled'].includes(job.state)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
billing = false;
const cpu = { server: serverCpu.stop(), database: databaseCpu.stop() };
const loadAfter = loadavg();
await Promise.all(searchers);
// The same searches for 15 s once the job is over, on the same server and machine: what billing added to them.
const alone: number[] = [];
const aloneUntil = performance.now() + 15_000;
await Promise.all(search(alone, () => performance.now() < aloneUntil));
const checked = await db.execute<{ charged: number; twice: number; payments: number }>(sql`
  select
    (select count(*)::int from contract_billing_periods b join contracts c on c.id = b.contract_id
      where c.next_plan_name = ${marker} and b.kind = 'INSTALLMENT' and b.month = 2 and b.state = 'charged') as charged,
    (select count(*)::int from (select b.contract_id from contract_billing_periods b join contracts c on c.id = b.contract_id
      where c.next_plan_name = ${marker} group by b.contract_id, b.month, b.kind having count(*) > 1) x) as twice,
    (select count(*)::int from contract_payments p join contracts c on c.id = p.contract_id
      where c.next_plan_name = ${marker}) as payments`);
const percentile = (p: number, of = timings) => {
  const sorted = [...of].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const seconds = Number(job?.seconds ?? Number.NaN);
const facts = checked.rows[0];
console.log(
  `contract billing: ${Number(facts?.charged).toLocaleString('en-US')} of ${contracts.toLocaleString('en-US')} installments charged in ${seconds.toFixed(1)} s = ${(Number(facts?.charged) / seconds).toFixed(0)}/s (${job?.state}); periods billed twice: ${facts?.twice}; contract payments ${Number(facts?.payments).toLocaleString('en-US')} (expected ${(2 * contracts).toLocaleString('en-US')})`,
);
console.log(
  `user search meanwhile (c=${values['search-concurrency']}, ${timings.length} requests): p50 ${percentile(50).toFixed(1)} ms, p95 ${percentile(95).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms${failures ? `, ${failures} not 200` : ''}`,
);
console.log(
  `user search alone, the 15 s after the job (${alone.length} requests): p50 ${percentile(50, alone).toFixed(1)} ms, p95 ${percentile(95, alone).toFixed(1)} ms, p99 ${percentile(99, alone).toFixed(1)} ms`,
);
const perThousand = ((cpu.server + cpu.database) / Number(facts?.charged)) * 1000;
console.log(
  `CPU while the job ran (billing and the searches): server ${cpu.server.toFixed(1)} s, PostgreSQL ${cpu.database.toFixed(1)} s = ${perThousand.toFixed(2)} CPU-s per 1,000 periods; on 2 idle cores: ${(50 * perThousand).toFixed(0)} s for 100,000 (${((2 / perThousand) * 1000).toFixed(0)}/s). Load average ${loadBefore.map((value) => value.toFixed(1)).join(' ')} → ${loadAfter.map((value) => value.toFixed(1)).join(' ')}`,
);
await database.close();
process.exit(0);
