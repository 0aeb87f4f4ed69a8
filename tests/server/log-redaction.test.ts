import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineArea, post } from '../../domain/endpoint';
import { buildApp } from '../../server/app';
import { appConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { fileStoreFrom } from '../../server/files/choose-store';
import { handlePublic } from '../../server/http/handler';
import { logRedacted, redactError } from '../../server/http/log-redaction';
import { enqueueJob, JobWorker, registerJobKind } from '../../server/jobs';
import { openTestDatabase } from './support/databases';
import { testSecret } from './support/test-api';

const customerEmail = 'jane.customer@example.org';

/** A call whose queries fail with a customer's e-mail among their parameters (as a unique or a cast error would). */
const failing = defineArea('test', {
  lookup: post('test/failing-lookup', {
    summary: 'Test-only: a query that fails',
    permission: null,
    auth: 'none',
    body: z.object({ email: z.string(), kind: z.enum(['unique', 'cast']) }),
    answer: z.object({ ok: z.literal(true) }),
  }),
});

const failingHandler = handlePublic(failing.lookup, async ({ db, body }) => {
  if (body.kind === 'unique') {
    await db.execute(sql`create temporary table if not exists t_emails (email text primary key)`);
    await db.execute(sql`insert into t_emails values (${body.email}), (${body.email})`);
  } else {
    await db.execute(sql`select ${body.email}::int`);
  }
  return { ok: true as const };
});

describe('server log', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      database,
      config: { jwtSecret: testSecret, anonymousRate: { burst: 100, perMinute: 100 } },
      extraHandlers: [failingHandler],
      logger: { level: 'error', stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs a failing query with its text and error code but without the customer’s e-mail', async () => {
    for (const kind of ['unique', 'cast'] as const) {
      lines.length = 0;
      const answer = await app.inject({
        method: 'POST',
        url: '/admin/test/failing-lookup',
        payload: { email: customerEmail, kind },
      });
      expect(answer.statusCode).toBe(500);
      const logged = lines.join('\n');
      expect(logged).toMatch(/Failed query/);
      expect(logged).toMatch(/"params":"\[redacted\]"/);
      expect(logged).not.toContain(customerEmail);
      expect(logged).not.toContain('jane.customer');
    }
  });

  it('redacts e-mails in any message, detail or cause it serialises', () => {
    const cause = Object.assign(new Error('duplicate key'), {
      code: '23505',
      detail: `Key (email)=(${customerEmail}) exists`,
    });
    const error = Object.assign(new Error(`Failed query: insert into x\nparams: ${customerEmail},7`, { cause }), {
      params: [customerEmail, 7],
    });
    const logged = JSON.stringify(redactError(error));
    expect(logged).not.toContain(customerEmail);
    expect(logged).toContain('23505');
    expect(logged).toContain('Key (email)=([email]) exists');
  });

  it('the job worker logs a failing job through the same redaction: no query parameters, no e-mail', async () => {
    // Issue 19 item 7: the worker (and payment reconciliation, and the pool) printed SQL parameters.
    const kind = `log_probe_${Date.now()}`;
    registerJobKind(kind, {
      plan: async (db) => {
        await db.execute(sql`select ${customerEmail}::int`);
      },
      runItem: async () => ({ state: 'done' }),
    });
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await enqueueJob(database.db, { kind, payload: {} });
      const worker = new JobWorker(database.db, {
        services: { config: appConfig({ jwtSecret: testSecret }), handlers: [], files: fileStoreFrom() },
      });
      expect(await worker.runNext()).toBe(true);
      logRedacted('database pool: an idle connection failed', Object.assign(new Error(`lost ${customerEmail}`), {}));
    } finally {
      process.stderr.write = write;
    }
    const logged = written.join('');
    expect(logged).toMatch(/"msg":"job worker: a batch failed"/);
    expect(logged).toMatch(/"code":"22P02"/);
    expect(logged).toMatch(/\[email\]/);
    expect(logged).not.toContain(customerEmail);
    expect(written.every((line) => JSON.parse(line).level === 'error')).toBe(true);
  });
});
