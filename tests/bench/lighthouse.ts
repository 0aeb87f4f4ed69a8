import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default: a mid-range phone, slow 4G, 4× CPU
 * slowdown) of /login and, signed in, of the landing /users/last-viewed, each from an empty cache, against `npm start`
 * on a temporary demo database with the console it builds. `CHROME_PATH` defaults to Debian's Chromium.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8398' },
    runs: { type: 'string', default: '3' },
  },
});
const origin = `http://localhost:${values.port}`;
const runs = Number(values.runs);
const consoleDir = mkdtempSync(join(tmpdir(), 'loupe-lighthouse-dist-'));
const dataDir = mkdtempSync(join(tmpdir(), 'loupe-lighthouse-data-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: values.port,
    DATA_DIR: dataDir,
    SEED: 'demo',
    DATABASE_URL: '',
    CONSOLE_DIR: consoleDir,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => {
  // SIGKILL: this runs as the bench exits and cannot wait for a drain, and removing the data directory under a
  // draining server left it hanging (seen: alive, not answering, long after the bench had ended).
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(consoleDir, { recursive: true, force: true });
});

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${origin}/login`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within five minutes');
}
await waitForServer();

/** A session as the console stores it (localStorage `auth`), with a few customers viewed so the landing lists them. */
async function signedInSession(): Promise<string> {
  const login = await fetch(`${origin}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
  });
  const answer = (await login.json()) as {
    access_token: string;
    refresh_token: string;
    user_id: number;
    user_role: string;
    first_name: string;
    last_name: string;
  };
  for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
    await fetch(`${origin}/admin/users/${id}`, { headers: { Authorization: `Bearer ${answer.access_token}` } });
  }
  return JSON.stringify({
    userID: answer.user_id,
    userRole: answer.user_role,
    userFirstName: answer.first_name,
    userLastName: answer.last_name,
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
  });
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const session = await signedInSession();

/** Median performance score (0–100) and its largest contentful paint of `runs` cold loads of `path`. */
async function score(path: string, signedIn: boolean): Promise<{ score: number; lcp: number; tbt: number }> {
  const results: { score: number; lcp: number; tbt: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await browser.newPage();
    // Lighthouse empties the cache and the origin's storage before loading: the session goes back in at document start.
    if (signedIn) await page.evaluateOnNewDocument((value) => localStorage.setItem('auth', value), session);
    const result = await lighthouse(
      `${origin}${path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    await page.close();
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
    results.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: Number(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      tbt: Number(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    });
  }
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)] as { score: number; lcp: number; tbt: number };
}

console.log(`\nbench:lighthouse — Lighthouse mobile (simulated slow 4G, 4× CPU), median of ${runs} cold loads`);
for (const [name, path, signedIn] of [
  ['login', '/login', false],
  ['users (signed in)', '/users/last-viewed', true],
] as const) {
  const { score: value, lcp, tbt } = await score(path, signedIn);
  console.log(
    `  ${name.padEnd(18)} performance ${value}  (LCP ${(lcp / 1000).toFixed(1)} s, TBT ${tbt.toFixed(0)} ms)`,
  );
}
await browser.close();
process.exit(0);
