import { spawn } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { build } from 'vite';
import { percentile } from './ui-measure';

/**
 * `npm run bench:palette` (DATABASE_URL: a copy of the 1M-customer database, never `loupe_1m` itself): the built
 * console in Debian's Chromium against the real server on PostgreSQL. Signs in, opens the palette and pastes
 * identifiers taken from the database (invoice numbers, whole e-mails, `#id`s, a project's `project #id`, console
 * addresses, e-mails inside a ticket's text), each once, and times from the paste to the painted first option that
 * names the expected record; then bad input (a 100 kB ticket, an unknown id, another host's address, `#`, `%00`) to
 * the painted "Nothing found for …". Prints p50/p95/max per kind and overall, and the requests made.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8221' },
    rounds: { type: 'string', default: '20' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || /\/loupe_1m$/.test(databaseUrl)) {
  console.error('Set DATABASE_URL to a copy of the 1M database (CREATE DATABASE … TEMPLATE loupe_1m).');
  process.exit(2);
}
const port = Number(values.port);
const rounds = Number(values.rounds);
const origin = `http://localhost:${port}`;

if (!process.env.SKIP_CONSOLE_BUILD) await build({ logLevel: 'warn' });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    SEED: 'none',
    // The console built above (or already in dist/) is served: SKIP_CONSOLE_BUILD would serve the API only.
    SKIP_CONSOLE_BUILD: '',
    PUBLIC_URL: process.env.PUBLIC_URL ?? origin,
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-of-at-least-thirty-two-characters',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
server.on('exit', (code) => {
  console.error(`The server exited (code ${code}) before the bench ended`);
  process.exit(1);
});
process.on('exit', () => server.kill('SIGTERM'));
for (let attempt = 0; ; attempt += 1) {
  try {
    if ((await fetch(`${origin}/login`)).ok) break;
  } catch {}
  if (attempt > 600) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Identifiers of real rows, spread over the tables (random rows, not the first ones). */
async function samples(): Promise<{ kind: string; text: string; expected: string }[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const customers = await db.query<{ id: number; email: string; name: string }>(
    `select id, email, first_name || ' ' || last_name as name from customers tablesample system (0.05) limit ${rounds}`,
  );
  const charges = await db.query<{ id: string; year: string }>(
    `select id, extract(year from created_at)::int as year from charges tablesample system (0.05) limit ${rounds}`,
  );
  const projects = await db.query<{ id: string }>(
    `select id from projects tablesample system (0.05) where kind = 'EDITING' limit ${rounds}`,
  );
  await db.end();
  const list: { kind: string; text: string; expected: string }[] = [];
  for (const [index, row] of customers.rows.entries()) {
    list.push({ kind: 'e-mail', text: row.email, expected: row.name });
    if (index % 2 === 0) list.push({ kind: '#id', text: `#${row.id}`, expected: row.name });
    // A customer's page without `?run=`: the customer (the record) first, the page itself under its commands.
    else list.push({ kind: 'address', text: `${origin}/users/${row.id}/credits`, expected: row.name });
    if (index % 4 === 0) {
      list.push({
        kind: 'ticket',
        text: `Hello, I was charged twice. Account: ${row.email.toUpperCase()} Thanks`,
        expected: row.name,
      });
    }
  }
  for (const row of charges.rows) {
    list.push({ kind: 'invoice', text: `LP-${row.year}-${row.id.padStart(7, '0')}`, expected: `Charge #${row.id}` });
  }
  for (const row of projects.rows)
    list.push({ kind: 'project', text: `project #${row.id}`, expected: `Project #${row.id}` });
  return list;
}

/** Pastes `text` into the open palette and answers ms from the paste to the painted first option holding `expected`. */
async function pasteToPaint(page: Page, text: string, expected: string): Promise<number> {
  const input = page.getByPlaceholder(/type a command/i);
  await input.fill('');
  await page.waitForTimeout(200);
  const started = await page.evaluate(() => performance.now());
  await page.keyboard.insertText(text);
  const painted = await page.evaluate(
    (wanted) =>
      new Promise<number>((resolve, reject) => {
        const deadline = performance.now() + 10_000;
        const check = () => {
          const dialog = document.querySelector('[cmdk-dialog]');
          const first = dialog?.querySelector('[role="option"]')?.textContent ?? '';
          const status = dialog?.querySelector('[role="status"]')?.textContent ?? '';
          if (first.includes(wanted) || status.includes(wanted))
            requestAnimationFrame(() => resolve(performance.now()));
          else if (performance.now() > deadline) reject(new Error(`not shown: ${wanted}; first option: ${first}`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    expected,
  );
  return painted - started;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
// tsx keeps function names with a `__name` helper that page.evaluate's serialised functions would lack.
await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
let finds = 0;
page.on('request', (request) => {
  if (request.url().includes('/admin/palette/find')) finds += 1;
});
await page.goto(`${origin}/login`);
await page.getByLabel(/e-?mail/i).fill('support_pl2@example.com');
await page.getByLabel(/password/i).fill('loupe-demo');
await page.getByLabel(/password/i).press('Enter');
await page.waitForURL((url) => !url.pathname.startsWith('/login'));
await page.keyboard.press('Control+k');
await page.getByPlaceholder(/type a command/i).waitFor();

const byKind = new Map<string, number[]>();
const list = await samples();
// One untimed paste first: the connection pool and the statements warm up, as they are on a server in use.
await pasteToPaint(page, list[0]?.text ?? '#1', '').catch(() => 0);
finds = 0;
for (const sample of list) {
  const ms = await pasteToPaint(page, sample.text, sample.expected);
  byKind.set(sample.kind, [...(byKind.get(sample.kind) ?? []), ms]);
}
const pastes = list.length;
// What a person sees after pasting an invoice number, for a look (not a figure).
const invoice = list.find((sample) => sample.kind === 'invoice');
const screenshot = join(tmpdir(), 'loupe-palette-paste.png');
if (invoice) {
  await pasteToPaint(page, invoice.text, invoice.expected);
  await page.screenshot({ path: screenshot });
}
const bad = [
  { kind: 'bad: 100 kB ticket', text: 'lorem ipsum dolor '.repeat(5700) },
  { kind: 'bad: unknown id', text: '#2147483000' },
  { kind: 'bad: another host', text: 'https://evil.example/users/1/general' },
  { kind: 'bad: #', text: '#' },
  { kind: 'bad: %00', text: '%00' },
];
for (const sample of bad) {
  const ms = await pasteToPaint(page, sample.text, 'Nothing found for');
  byKind.set(sample.kind, [ms]);
}
await browser.close();

const row = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const fmt = (value: number) => value.toFixed(0).padStart(6);
  console.log(
    `${label.padEnd(22)} n=${String(sorted.length).padStart(3)}  p50 ${fmt(percentile(sorted, 50))} ms  p95 ${fmt(percentile(sorted, 95))} ms  max ${fmt(sorted.at(-1) ?? Number.NaN)} ms`,
  );
};
console.log(`palette: paste → painted result, ${databaseUrl.replace(/:[^:@/]+@/, ':…@')}`);
for (const [kind, times] of byKind) row(kind, times);
row(
  'all identifiers',
  [...byKind].filter(([kind]) => !kind.startsWith('bad')).flatMap(([, times]) => times),
);
console.log(`requests to palette/find: ${finds} for ${pastes + bad.length} pastes`);
console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${cpus().length} cores`,
);
process.exit(0);
