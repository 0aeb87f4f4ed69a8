import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TableQuery } from '../../domain/table-query';
import { bulkFigures, printBulk } from './api-bulk';
import { modelCases } from './api-models';
import { workCases } from './api-work';
import { timedRequest } from './http-load';
import { type BenchDatabase, prepareBenchDatabase } from './prepare';

/**
 * `npm run bench:api`: with DATABASE_URL, a PostgreSQL database of 1,000,000 customers (seeded once, then reused);
 * without, a temporary PGlite directory with 100,000. Starts the real server as its own process, then loads user
 * search, users_filter (three typical filter sets, first and a deep page, with the count) and user details from this
 * process over loopback; prints p50/p95/p99 and requests per second for each call and concurrency.
 */
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '1,8' },
    port: { type: 'string', default: '8299' },
    users: { type: 'string' },
    'deep-page': { type: 'string', default: '50' },
    /** Which loads to run: any of search, filter, details, models, work, bulk (comma-separated). */
    calls: { type: 'string', default: 'search,filter,details,models,work,bulk' },
    /** bulk: suspend (then unsuspend) the active customers among the first this many ids. */
    'bulk-rows': { type: 'string', default: '100000' },
    /** PGlite only: a data directory to seed once and keep (default: a temporary one, removed at the end). */
    'data-dir': { type: 'string' },
  },
});
const total = Number(values.requests);
const concurrencies = values.concurrency.split(',').map(Number);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}/admin`;
const databaseUrl = process.env.DATABASE_URL || undefined;
const customers = Number(values.users ?? (databaseUrl ? 1_000_000 : 100_000));
const calls = new Set(values.calls.split(','));
/** Server processes (`WORKERS`, README: Configuration); PGlite is one process whatever is asked. */
const workers = databaseUrl ? Math.max(1, Number(process.env.WORKERS || 1)) : 1;

const keptDataDir = values['data-dir'];
const dataDir = databaseUrl ? null : (keptDataDir ?? mkdtempSync(join(tmpdir(), 'loupe-bench-')));
const target: BenchDatabase = databaseUrl ? { url: databaseUrl } : { dataDir: dataDir as string };
const removeDataDir = () => {
  if (dataDir && !keptDataDir) rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', removeDataDir);
const held = await prepareBenchDatabase(target, customers);

// BENCH_SERVER_NODE_ARGS: extra node flags for the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which
// NODE_OPTIONS refuses).
const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const server = spawn(process.execPath, [...serverNodeArgs, '--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    SEED: 'none',
    SKIP_CONSOLE_BUILD: '1',
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-of-at-least-thirty-two-characters',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => server.kill('SIGTERM'));

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      await fetch(`${base}/auth/login`, { method: 'POST' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error('The server did not start within two minutes');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** One request of a load: a GET path, or a POST path with its JSON body. */
type Request = { path: string; body?: unknown };

let token = '';
function send(request: Request): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (request.body === undefined) return fetch(`${base}/${request.path}`, { headers });
  headers['content-type'] = 'application/json';
  return fetch(`${base}/${request.path}`, { method: 'POST', headers, body: JSON.stringify(request.body) });
}

async function load(name: string, requests: (i: number) => Request, concurrency: number): Promise<void> {
  const timings: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const begin = performance.now();
        const { path, body } = requests(i);
        const status = await timedRequest(`${base}/${path}`, token, body);
        timings.push(performance.now() - begin);
        if (status < 200 || status >= 300) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  console.log(
    `${name.padEnd(34)} c=${String(concurrency).padEnd(2)} p50 ${ms(percentile(timings, 50))}  p95 ${ms(percentile(timings, 95))}  p99 ${ms(percentile(timings, 99))}  ${(total / seconds).toFixed(0).padStart(5)} req/s${failures ? `  FAILURES ${failures}` : ''}`,
  );
}

interface FilterAnswer {
  users: { id: number; email?: string }[];
  meta: { next_cursor: string | null; total_number_of_users: number; total_is_estimate: boolean };
}

async function filter(body: TableQuery): Promise<FilterAnswer> {
  const response = await send({ path: 'users/users_filter', body });
  if (!response.ok) throw new Error(`users_filter ${response.status}: ${await response.text()}`);
  return (await response.json()) as FilterAnswer;
}

/** The three typical lists: the e2e's country + status, one half-year's trials, failed payments. */
const filterSets: Record<string, TableQuery> = {
  'active US/GB, newest': {
    filters: [
      { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
      { kind: 'multi', column: 'country', op: 'equal', value: ['US', 'GB'] },
    ],
    sort: { column: 'date_added', direction: 'desc' },
  },
  'trials signed up H2 2025, newest': {
    filters: [
      { kind: 'multi', column: 'subscription_type', op: 'equal', value: ['TRIAL_METERED'] },
      { kind: 'date', column: 'date_added', op: 'range', from: '2025-07-01', to: '2025-12-31' },
    ],
    sort: { column: 'date_added', direction: 'desc' },
  },
  'failed charges, oldest': {
    filters: [{ kind: 'multi', column: 'charge_failed', op: 'equal', value: ['true'] }],
    sort: { column: 'date_added', direction: 'asc' },
  },
};

await waitForServer();
const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
});
({ access_token: token } = (await login.json()) as { access_token: string });
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.getSetCookie().join('; '))?.[1] ?? '';

const deepPage = Number(values['deep-page']);
const pages: { name: string; body: TableQuery; total: string }[] = [];
for (const [name, body] of calls.has('filter') ? Object.entries(filterSets) : []) {
  const answer = await filter({ ...body, page_size: 100 });
  const total = `${answer.meta.total_is_estimate ? '~' : ''}${answer.meta.total_number_of_users.toLocaleString('en-US')}`;
  pages.push({ name: `${name} p1`, body: { ...body, page_size: 100 }, total });
  // The deep page: page `--deep-page` (50: rows 4,901–5,000), or the list's last page when it is shorter.
  let cursor = answer.meta.next_cursor;
  let page = 1;
  while (cursor && page < deepPage) {
    const next = await filter({ ...body, page_size: 100, cursor });
    page += 1;
    if (page === deepPage || !next.meta.next_cursor) break;
    cursor = next.meta.next_cursor;
  }
  if (cursor) pages.push({ name: `${name} p${page}`, body: { ...body, page_size: 100, cursor }, total });
}
const sample = await filter({ page_size: 200, columns: ['email'], sort: { column: 'email', direction: 'asc' } });
const emails = sample.users.map((user) => user.email ?? '').filter(Boolean);
const queries = [
  'sofia',
  'garcia',
  'gmail',
  'turner',
  'cook photography',
  'photography',
  'studio',
  'lee@',
  'hello@',
  '1234',
  'sofia tu',
  'liam.b',
  'smith',
  'rossi',
  'yahoo.com',
  String(Math.floor(held / 2)),
  ...emails.slice(0, 10),
];

const modelLoads = calls.has('models') ? await modelCases(send) : [];

console.log(
  `\n${held.toLocaleString('en-US')} customers on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; ` +
    `${workers === 1 ? 'one server process' : `${workers} server processes (WORKERS)`}; ` +
    `loopback from this process; ${cpus().length} cores (${cpus()[0]?.model.trim()}); ${total} requests per line.`,
);
for (const page of pages) console.log(`  users_filter ${page.name}: total ${page.total}`);
const work = calls.has('work') ? await workCases(send, held) : [];
for (const concurrency of concurrencies) {
  if (calls.has('search'))
    await load(
      'users/search',
      (i) => ({ path: `users/search/${encodeURIComponent(queries[i % queries.length] as string)}` }),
      concurrency,
    );
  if (calls.has('filter'))
    for (const page of pages)
      await load(`users_filter ${page.name}`, () => ({ path: 'users/users_filter', body: page.body }), concurrency);
  if (calls.has('details'))
    await load('users/{id}', (i) => ({ path: `users/${1 + ((i * 7919) % held)}` }), concurrency);
  for (const item of work) await load(item.name, (i) => ({ path: item.path(i), body: item.body }), concurrency);
  for (const model of modelLoads) await load(model.name, () => ({ path: model.path, body: model.body }), concurrency);
}
if (calls.has('bulk')) printBulk(await bulkFigures({ base, token, xsrf }, Number(values['bulk-rows']), queries));
server.kill('SIGTERM');
removeDataDir();
process.exit(0);
