import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { segmentWhere } from '../../server/notifications/sending';
import { timedRequest } from './http-load';
import { type BenchDatabase, prepareBenchDatabase } from './prepare';

/**
 * `npm run bench:operations`: sends a notification to a big segment through the real server (its job worker) and
 * measures rows written per second, with user search loaded meanwhile (its p50/p95); then uploads a 5 MB PNG through
 * a signed upload URL over loopback (the median of a few). With DATABASE_URL on PostgreSQL, else a temporary PGlite.
 * `--users` customers are seeded once (default 100,000); `--segment` picks the recipients (default: every customer;
 * `metered`, the METERED subscribers, is about 40 %: 400,000 of 1M). `--kill-after N` kills the server (SIGKILL) once
 * N notifications are sent, starts it again and lets it finish; at the end the bench counts in the database that
 * every customer of the segment got the notification exactly once (no duplicate, no gap), whether killed or not.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    port: { type: 'string', default: '8322' },
    /** `all`, `active-gb` (active customers in GB) or `metered` (METERED subscribers). */
    segment: { type: 'string', default: 'all' },
    'kill-after': { type: 'string', default: '0' },
    /** Seconds of user search alone before the sending starts: the p95 to compare with (0: none). */
    'baseline-seconds': { type: 'string', default: '10' },
    /** A directory: the server runs with --cpu-prof and writes its profile there on exit. */
    'cpu-prof': { type: 'string' },
    'search-concurrency': { type: 'string', default: '2' },
    uploads: { type: 'string', default: '5' },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'loupe-bench-ops-'));
const filesDir = mkdtempSync(join(tmpdir(), 'loupe-bench-files-'));
process.on('exit', () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
});
const target: BenchDatabase = databaseUrl ? { url: databaseUrl } : { dataDir: dataDir as string };
const held = await prepareBenchDatabase(target, Number(values.users));

const serverEnv = {
  ...process.env,
  PORT: String(port),
  SEED: 'none',
  SKIP_CONSOLE_BUILD: '1',
  FILES_DIR: filesDir,
  JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-of-at-least-thirty-two-characters',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
};
const startServer = async () => {
  const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const started = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.stdout?.resume();
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${base}/admin/auth/login`, { method: 'POST' });
      return started;
    } catch {
      if (attempt > 240) throw new Error('The server did not start within two minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};
let server = await startServer();
process.on('exit', () => server.kill('SIGTERM'));

const login = await fetch(`${base}/admin/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'marketer_plus@example.com', password: 'loupe-demo' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
const headers = {
  Authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  'x-xsrf-token': xsrf,
  cookie: `XSRF-TOKEN=${xsrf}`,
};
const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}/admin/${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
};

const segments: Record<string, unknown[]> = {
  all: [],
  'active-gb': [
    { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
    { kind: 'multi', column: 'country', op: 'equal', value: ['GB'] },
  ],
  metered: [{ kind: 'multi', column: 'subscription_type', op: 'equal', value: ['METERED'] }],
};
const filters = segments[values.segment];
if (!filters) throw new Error(`--segment: one of ${Object.keys(segments).join(', ')}`);
const killAfter = Number(values['kill-after']);
const { count } = await api('POST', 'notifications/preflight', { segment: { filters } });
console.log(
  `Database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${held.toLocaleString('en-US')} customers; segment ${values.segment}: ${count.toLocaleString('en-US')} recipients`,
);

// User search: alone first (the baseline), then under load while the sending runs.
const words = ['gmail', 'studio', 'photo', 'smith', 'anna', 'wedding', 'john', 'mail'];
let searchFailures = 0;
const searchUntil = (timings: number[], going: () => boolean) =>
  Array.from({ length: Number(values['search-concurrency']) }, async (_, worker) => {
    let i = worker;
    while (going()) {
      const begin = performance.now();
      try {
        // node:http keep-alive, as bench:api: fetch costs the client several times the CPU per request, taken from
        // the same 2 cores as the server, the database and the sending.
        const status = await timedRequest(`${base}/admin/users/search/${words[i++ % words.length]}`, token);
        if (status === 200) timings.push(performance.now() - begin);
        else searchFailures += 1;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250)); // killed: the server is starting again
      }
    }
  });
const percentile = (timings: number[], p: number) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const searchFigures = (timings: number[]) =>
  `c=${values['search-concurrency']}, ${timings.length} requests): p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, p99 ${percentile(timings, 99).toFixed(1)} ms${searchFailures ? `, ${searchFailures} not 200` : ''}`;
const baselineSeconds = Number(values['baseline-seconds']);
const warmUntil = performance.now() + 3000; // a fresh server: compiled paths, plans and caches warm first
await Promise.all(searchUntil([], () => performance.now() < warmUntil));
if (baselineSeconds > 0) {
  const baseline: number[] = [];
  const until = performance.now() + baselineSeconds * 1000;
  await Promise.all(searchUntil(baseline, () => performance.now() < until));
  console.log(`user search alone (${baselineSeconds} s, ${searchFigures(baseline)}`);
}
const searchTimings: number[] = [];
let sending = true;
const searchers = searchUntil(searchTimings, () => sending);

const started = performance.now();
const { notification } = await api('POST', 'notifications', {
  title: 'Bench',
  content: 'A notification to a big segment',
  category: 'NEW',
  sentiment: 'NEUTRAL',
  trigger_type: 'BROADCAST',
  segment: { filters },
});
let row = notification;
let killed = false;
while (row.sending_state !== 'SENT' && row.sending_state !== 'FAILED' && row.sending_state !== 'CANCELLED') {
  await new Promise((resolve) => setTimeout(resolve, 250));
  try {
    const { notifications } = await api('GET', 'notifications');
    row = notifications.find((each: { id: number }) => each.id === notification.id);
  } catch (error) {
    if (!killed) throw error;
    continue; // the server is starting again
  }
  if (killAfter > 0 && !killed && row.sent_count >= killAfter) {
    killed = true;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    const at = (performance.now() - started) / 1000;
    console.log(`killed the server (SIGKILL) at ${at.toFixed(1)} s, ${row.sent_count.toLocaleString('en-US')} sent`);
    server = await startServer();
    console.log(`started again in ${((performance.now() - started) / 1000 - at).toFixed(1)} s`);
  }
}
const seconds = (performance.now() - started) / 1000;
sending = false;
await Promise.all(searchers);
console.log(
  `notification send: ${row.sent_count.toLocaleString('en-US')} of ${row.recipients_total.toLocaleString('en-US')} in ${seconds.toFixed(1)} s = ${(row.sent_count / seconds).toFixed(0)} rows/s (${row.sending_state})`,
);
console.log(`user search meanwhile (${searchFigures(searchTimings)}`);

// A 5 MB PNG through a signed upload URL, over loopback.
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(2048, 0);
header.writeUInt32BE(1024, 4);
header.set([8, 2, 0, 0, 0], 8);
// A 2048×1024 PNG of noise, its pixel data cut to make the file just under 5 MB: the server reads the format and
// dimensions from the header (the bench measures the transfer, the checks and the write, not decoding).
const idat = deflateSync(randomBytes(1024 * (1 + 2048 * 3)), { level: 0 }).subarray(0, 5 * 1024 * 1024 - 200);
const image = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', idat),
  chunk('IEND', Buffer.alloc(0)),
]);
const uploadTimes: number[] = [];
for (let i = 0; i < Number(values.uploads); i++) {
  const urls = await api('POST', 'banners/upload_urls', { files_list: [`bench-${i}.png`] });
  const url = String(urls[`bench-${i}.png`]).replace(/^https?:\/\/[^/]+/, base);
  const begin = performance.now();
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: image });
  const answer = await response.text();
  if (!response.ok) throw new Error(`upload ${response.status}: ${answer}`);
  uploadTimes.push(performance.now() - begin);
}
uploadTimes.sort((a, b) => a - b);
console.log(
  `upload of a ${(image.length / 1024 / 1024).toFixed(2)} MB PNG: median ${uploadTimes[Math.floor(uploadTimes.length / 2)]?.toFixed(0)} ms, max ${uploadTimes.at(-1)?.toFixed(0)} ms (${uploadTimes.length} uploads)`,
);
const exited = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await exited;

// Exactly once: every customer of the segment (as it is now: nothing changed it meanwhile) holds one notification.
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: dataDir as string });
const counted = await database.db.execute<{ rows: number; customers: number; missing: number }>(sql`
  select count(*)::int as rows, count(distinct customer_id)::int as customers,
         (select count(*)::int from customers
           where ${segmentWhere(filters as never) ?? sql`true`}
             and not exists (select 1 from customer_notifications n
                             where n.broadcast_id = ${notification.id} and n.customer_id = customers.id)) as missing
  from customer_notifications where broadcast_id = ${notification.id}`);
await database.close();
const check = counted.rows[0];
const exact = check && check.rows === count && check.customers === count && check.missing === 0;
console.log(
  `exactly once${killed ? ' across the kill' : ''}: ${check?.rows} notifications for ${check?.customers} customers of ${count} in the segment, ${check?.missing} missing — ${exact ? 'OK' : 'WRONG'}`,
);
process.exit(exact ? 0 : 1);
