import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run bench:api`: starts the real server (its own process, fresh embedded database with the demo data, or
 * DATABASE_URL with --reuse), then loads the user look-ups from this process over loopback and prints p50/p95/p99
 * and requests per second for each.
 */
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '1,8' },
    port: { type: 'string', default: '8299' },
  },
});
const total = Number(values.requests);
const concurrencies = values.concurrency.split(',').map(Number);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}/admin`;

const dataDir = mkdtempSync(join(tmpdir(), 'loupe-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'demo', SKIP_CONSOLE_BUILD: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stopServer = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stopServer);

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

async function load(name: string, paths: (i: number) => string, token: string, concurrency: number): Promise<void> {
  const timings: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const begin = performance.now();
        const response = await fetch(`${base}/${paths(i)}`, { headers: { Authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        timings.push(performance.now() - begin);
        if (!response.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${name.padEnd(14)} n=${total} c=${concurrency}  p50 ${ms(percentile(timings, 50))}  p95 ${ms(percentile(timings, 95))}  p99 ${ms(percentile(timings, 99))}  ${(total / seconds).toFixed(0)} req/s  failures ${failures}`,
  );
}

await waitForServer();
const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const queries = ['smith', 'gmail', 'sofia', 'photography', 'cook', 'lee@', 'studio', 'garcia', '1234', 'hello@'];
console.log('Demo data (5,000 customers) on embedded PGlite, one server process, loopback:');
for (const concurrency of concurrencies) {
  await load(
    'users/search',
    (i) => `users/search/${encodeURIComponent(queries[i % queries.length] as string)}`,
    token,
    concurrency,
  );
  await load('users/{id}', (i) => `users/${1 + ((i * 37) % 5000)}`, token, concurrency);
}
stopServer();
process.exit(0);
