import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { TableQuery } from '../../domain/table-query';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/seed/generate';
import { seedPartners } from '../../server/seed/partners';
import { httpLoad, loadLine } from './http-load';

/**
 * `npm run bench:partners` (PostgreSQL: DATABASE_URL, default the local `loupe_partners_bench`): at least `--customers`
 * customers (kept when the database holds as many, e.g. a copy of a seeded one; else made in SQL with the attribution
 * fields), `--partners` partners with about `--activities-per-partner` activities each (half the customers attributed
 * to activities, one in 40 referred by a partner's ref), then the real server as its own process, loaded over
 * loopback: partners_filter and activities_filter first page (with tracking numbers and the count), and `GET /l/{slug}`
 * at fixed concurrencies and at fixed rates (open loop), with a check that every click was counted.
 */
const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '200000' },
    partners: { type: 'string', default: '10000' },
    'activities-per-partner': { type: 'string', default: '20' },
    requests: { type: 'string', default: '1000' },
    redirects: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '1,8' },
    'redirect-concurrency': { type: 'string', default: '1,8,32' },
    /** Open-loop loads at these rates (redirects/s; latency counted from when each was due). */
    'redirect-rate': { type: 'string', default: '2000' },
    port: { type: 'string', default: '8298' },
    /** Which loads to run: lists, redirects (comma-separated). */
    calls: { type: 'string', default: 'lists,redirects' },
  },
});
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/loupe_partners_bench';
const customers = Number(values.customers);
const partnerCount = Number(values.partners);
const perPartner = Number(values['activities-per-partner']);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

async function ensureDatabase(): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = await openDatabase({ url: databaseUrl.replace(/\/[^/]*$/, '/postgres') });
  try {
    const found = await admin.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_database where datname = ${name}`,
    );
    if (Number(found.rows[0]?.n ?? 0) === 0) await admin.db.execute(sql.raw(`create database "${name}"`));
  } finally {
    await admin.close();
  }
}

/** Seeds (once, reused while the sizes match) the customers, the staff and the partners area at scale. */
async function prepare(): Promise<{ activities: number; slugs: string[] }> {
  await ensureDatabase();
  const database = await openDatabase({ url: databaseUrl });
  const { db } = database;
  try {
    await migrate(database);
    const held = await db.execute<{ customers: number; partners: number; activities: number }>(sql`select
      (select count(*)::int from customers) as customers, (select count(*)::int from partners) as partners,
      (select count(*)::int from partner_activities) as activities`);
    const now = held.rows[0];
    if ((now?.customers ?? 0) < customers) {
      console.log(`Making ${customers.toLocaleString('en-US')} customers…`);
      await db.execute(sql`truncate customers, partners, partner_activities, marketing_activities, short_links,
        bundles, activity_campaigns restart identity cascade`);
      for (let from = 1; from <= customers; from += 100_000) {
        const to = Math.min(customers, from + 99_999);
        await db.execute(sql`
          insert into customers (username, email, first_name, last_name, subscription_type, date_added, last_activity,
            editing_software)
          select 'bench' || i, 'bench' || i || '@customers.example', 'Bench', 'Customer ' || i,
            (array['METERED','METERED_WITH_BASE','TRIAL_METERED','TRIAL_METERED_WITH_BASE','CORPORATE_CONTRACT',
              'CANCELLED'])[1 + i % 6],
            now() - (i % 700) * interval '1 day',
            case when i % 3 = 0 then null else now() - (i % 90) * interval '1 day' end,
            (array['Lightroom Classic 14','Capture One 16','Lightroom CC', null])[1 + i % 4]
          from generate_series(${from}::int, ${to}::int) i`);
      }
      await seedDatabase(db, { customers: 0, staff: true });
    }
    if ((now?.customers ?? 0) < customers || now?.partners !== partnerCount) {
      // Customers already there (at least as many as asked: a copy of a seeded database) are kept.
      console.log(`Seeding ${partnerCount} partners…`);
      const started = Date.now();
      await db.execute(sql`truncate partners, partner_activities, marketing_activities, short_links, bundles,
        activity_campaigns restart identity cascade`);
      await seedPartners(db, { partners: partnerCount, activitiesPerPartner: perPartner, referralEvery: 40 });
      // Half the customers came through an activity: each activity gets its share of them.
      const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from partner_activities`);
      const activities = Number(counted.rows[0]?.n ?? 1);
      await db.execute(sql`
        update customers c set utm_source = a.utm_source, utm_campaign = a.utm_campaign, utm_content = a.utm_content
        from partner_activities a where c.id % 2 = 0 and a.id = 1 + (c.id / 2) % ${activities}`);
      for (const table of ['customers', 'partners', 'partner_activities', 'short_links', 'attribution_counts']) {
        await db.execute(sql.raw(`vacuum analyze ${table}`));
      }
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from partner_activities`);
    const slugs = await db.execute<{ slug: string }>(sql`select slug from short_links order by slug limit 5000`);
    return { activities: Number(counted.rows[0]?.n ?? 0), slugs: slugs.rows.map((row) => row.slug) };
  } finally {
    await database.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function load(
  name: string,
  total: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
  ok: (response: Response) => boolean,
): Promise<void> {
  const timings: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const begin = performance.now();
        const response = await send(i);
        await response.arrayBuffer();
        timings.push(performance.now() - begin);
        if (!ok(response)) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  console.log(
    `${name.padEnd(40)} c=${String(concurrency).padEnd(3)} p50 ${ms(percentile(timings, 50))}  p95 ${ms(percentile(timings, 95))}  p99 ${ms(percentile(timings, 99))}  ${(total / seconds).toFixed(0).padStart(5)} req/s${failures ? `  FAILURES ${failures}` : ''}`,
  );
}

const { activities, slugs } = await prepare();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SEED: 'none',
    SKIP_CONSOLE_BUILD: '1',
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-of-at-least-thirty-two-characters',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));
for (let attempt = 0; ; attempt++) {
  try {
    await fetch(`${base}/admin/auth/login`, { method: 'POST' });
    break;
  } catch {
    if (attempt > 240) throw new Error('The server did not start within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const login = await fetch(`${base}/admin/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const post = (path: string, body: TableQuery) =>
  fetch(`${base}/admin/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const lists: [string, string, TableQuery][] = [
  ['partners_filter {} p1', 'partners/partners_filter', { page_size: 100 }],
  [
    'partners_filter AFFILIATE by name p1',
    'partners/partners_filter',
    {
      filters: [{ kind: 'multi', column: 'type', op: 'equal', value: ['AFFILIATE'] }],
      sort: { column: 'name', direction: 'asc' },
      page_size: 100,
    },
  ],
  ['activities_filter {} p1', 'partners/activities_filter', { page_size: 100 }],
  [
    'activities_filter VIDEO, costliest p1',
    'partners/activities_filter',
    {
      filters: [{ kind: 'multi', column: 'type', op: 'equal', value: ['VIDEO'] }],
      sort: { column: 'cost', direction: 'desc' },
      page_size: 100,
    },
  ],
];
console.log(
  `\n${customers.toLocaleString('en-US')} customers, ${partnerCount.toLocaleString('en-US')} partners, ` +
    `${activities.toLocaleString('en-US')} activities on PostgreSQL; one server process; loopback from this process; ` +
    `${cpus().length} cores (${cpus()[0]?.model.trim()}).`,
);
const calls = new Set(values.calls.split(','));
const total = Number(values.requests);
for (const concurrency of calls.has('lists') ? values.concurrency.split(',').map(Number) : []) {
  for (const [name, path, body] of lists) {
    await load(
      name,
      total,
      concurrency,
      () => post(path, body),
      (response) => response.ok,
    );
  }
}

const clicksBefore = await clickTotal();
const redirects = Number(values.redirects);
let sent = 0;
const redirectLoads = calls.has('redirects')
  ? [
      ...values['redirect-concurrency'].split(',').map((c) => ({ concurrency: Number(c), shape: `c=${c}` })),
      ...values['redirect-rate'].split(',').map((r) => ({ rate: Number(r), shape: `${r}/s` })),
    ]
  : [];
for (const { shape, ...pace } of redirectLoads) {
  const result = await httpLoad({
    port,
    total: redirects,
    path: (i) => `/l/${slugs[i % slugs.length]}`,
    status: 302,
    ...pace,
  });
  console.log(loadLine('GET /l/{slug} (302, click counted)', shape, result));
  sent += redirects;
}
const counted = (await clickTotal()) - clicksBefore;
console.log(`clicks counted: ${counted.toLocaleString('en-US')} of ${sent.toLocaleString('en-US')} redirects sent`);
server.kill('SIGTERM');
process.exit(counted === sent ? 0 : 1);

async function clickTotal(): Promise<number> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const result = await database.db.execute<{ n: string }>(
      sql`select coalesce(sum(clicks), 0)::bigint as n from short_links`,
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}
