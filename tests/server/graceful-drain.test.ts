import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real process (`node --import tsx server/main.ts`) on PostgreSQL, signalled as systemd or a rolling deploy would.
 * A request is held in flight by a table lock the test owns, so "in flight" is a fact rather than a race.
 */
// Direct to PostgreSQL (CI sends the rest of the suite through PgBouncer).
const adminUrl = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));
const port = 8341;
const base = `http://127.0.0.1:${port}`;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function untilReady(): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const ready = await fetch(`${base}/readyz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready');
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function signIn(): Promise<number> {
  return fetch(`${base}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ email: 'nobody@drain.example', password: 'not-the-password' }),
  }).then((answer) => answer.status);
}

if (adminUrl) {
  describe('graceful drain on SIGTERM [pg]', () => {
    const name = `loupe_test_drain_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(adminUrl, name);
    let server: ChildProcess;
    let output = '';

    const start = async (): Promise<ChildProcess> => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: url,
          DATABASE_POOLER: '',
          JWT_SECRET: 'drain-test-secret-of-at-least-thirty-two-characters',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PORT: String(port),
          SEED: 'none',
          SKIP_CONSOLE_BUILD: '1',
          DRAIN_SECONDS: '2',
          LOG_LEVEL: 'info',
          NODE_ENV: 'production',
          SECURE_COOKIES: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      await untilReady();
      return child;
    };

    beforeAll(async () => {
      await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      if (server && server.exitCode === null) server.kill('SIGKILL');
      await onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('stops being ready at once, still takes connections for DRAIN_SECONDS, finishes what is in flight, exits 0', async () => {
      server = await start();
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table login_failures in access exclusive mode');
        const inFlight = signIn();
        // The sign-in waits on the lock: it is in flight when the signal arrives.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const exit = exited(server);
        server.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 200));
        const readiness = await fetch(`${base}/readyz`);
        expect(readiness.status).toBe(503);
        expect(await readiness.json()).toMatchObject({ reasons: ['draining'] });
        expect(readiness.headers.get('connection')).toBe('close');
        // Within the drain window a new connection is still served.
        expect((await fetch(`${base}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
        // After it, the port is closed while the held request still waits…
        let refused = false;
        for (let tries = 0; tries < 60 && !refused; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          refused = await fetch(`${base}/healthz`, { headers: { connection: 'close' } }).then(
            () => false,
            () => true,
          );
        }
        expect(refused).toBe(true);
        expect(server.exitCode).toBeNull();
        // …and is answered once the lock goes; then the process ends cleanly.
        await blocker.query('rollback');
        expect(await inFlight).toBe(422);
        expect(await exit).toBe(0);
        expect(output).toMatch(/drain: done in/);
      } finally {
        await blocker.end();
      }
    }, 120_000);
  });
}
