import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { describeEachBackend } from './support/backends';
import { openTestDatabase } from './support/databases';
import { testSecret } from './support/test-api';

const metricsToken = 'metrics-token-of-some-length-42';

describeEachBackend('operations endpoints', (backend) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      database,
      config: { jwtSecret: testSecret },
      logger: { level: 'info', stream },
      trustProxy: ['10.0.0.0/8'],
      metricsToken,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers /healthz and /readyz without a session, and writes no audit row for them', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    const audit = await database.db.execute<{ rows: number }>(sql`select count(*)::int as rows from audit_log`);
    expect(Number(audit.rows[0]?.rows)).toBe(0);
  });

  it('answers /readyz 503 while the database is behind this build’s migrations, and ready again after', async () => {
    const newest = await database.db.execute<{ id: number; created_at: string }>(
      sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = newest.rows[0];
    if (!row) throw new Error('no migrations recorded');
    await database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = 1 where id = ${row.id}`);
    await app.readiness.check();
    const behind = await app.inject({ method: 'GET', url: '/readyz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({ status: 'not_ready', reasons: ['migrations_pending'] });
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = ${row.created_at} where id = ${row.id}`,
    );
    await app.readiness.check();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('refuses /metrics without its bearer token and serves the series with it', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    const bare = await app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const scraped = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(scraped.statusCode).toBe(200);
    const text = scraped.body;
    expect(text).toMatch(/loupe_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toMatch(/loupe_http_request_duration_seconds_bucket\{le="0.001",method="GET",route="\/healthz"\}/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/loupe_deliveries\{channel="mail",state="pending"\} 0/);
    expect(text).toMatch(/loupe_audit_insert_failures_total/);
    expect(text).toMatch(/loupe_sign_in_failures_total/);
    if (backend === 'pg') expect(text).toMatch(/loupe_db_pool_connections\{state="idle"\}/);
  });

  it('labels requests by route pattern, never by the raw URL', async () => {
    await app.inject({ method: 'GET', url: '/admin/users/123?search=jane.doe%40example.org' });
    await app.inject({ method: 'POST', url: '/admin/auth/login', payload: { email: 'x@y.zz', password: 'wrong' } });
    const text = (
      await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })
    ).body;
    expect(text).toContain('route="/admin/users/:user_id"');
    expect(text).not.toContain('jane');
    expect(text).toMatch(/loupe_sign_in_failures_total 1/);
    expect(text).toMatch(/loupe_commands_total\{command="auth.login",outcome="invalid"\} 1/);
  });

  it('logs one line per request with its id, route, status, duration and staff, and nothing personal', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'GET', url: '/admin/users/search/jane.doe%40example.org' });
    const id = answer.headers['x-request-id'];
    expect(typeof id).toBe('string');
    const mine = logged().filter((line) => line.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/admin/users/search/:query',
      status: 401,
      staff: null,
    });
    expect(typeof mine[0]?.ms).toBe('number');
    expect(lines.join('\n')).not.toContain('jane');
  });

  it('keeps a trusted proxy’s X-Request-Id and replaces a forged, long or multi-line one', async () => {
    const fromProxy = await app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'lb-7f3a-0001' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a-0001');
    const notTrusted = await app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '192.0.2.9',
      headers: { 'x-request-id': 'lb-7f3a-0002' },
    });
    expect(notTrusted.headers['x-request-id']).not.toBe('lb-7f3a-0002');
    lines.length = 0;
    for (const forged of ['x'.repeat(10_000), 'abc\nfake-line {"msg":"forged"}', 'a b']) {
      const answer = await app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '10.1.2.3',
        headers: { 'x-request-id': forged.replace('\n', '%0A') },
      });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.join('\n')).not.toContain('xxxxxxxxxx');
    expect(lines.join('\n')).not.toContain('forged');
  });

  it('serves no /metrics without METRICS_TOKEN', async () => {
    const bare = await buildApp({ database, config: { jwtSecret: testSecret } });
    try {
      expect((await bare.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
