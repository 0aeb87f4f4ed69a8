import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { opsCounters } from './counters';

/** How long a scrape waits for the database-backed series (queue depth, outbox) before leaving them out. */
const databaseSeriesTimeoutMs = 2000;

/** The outcome label of a command (a mutating call), from its status. */
export function outcomeOf(status: number): string {
  if (status < 400) return 'ok';
  if (status === 401 || status === 403) return 'denied';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 429) return 'limited';
  if (status >= 500) return 'error';
  return 'invalid';
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('metrics query timed out')), databaseSeriesTimeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server's Prometheus series (docs/operating.md, metrics), in a registry of this app's own (tests build many
 * apps in one process). Request series are labelled by route *pattern*, never the raw URL, so their number is bounded
 * by the catalogue.
 */
export function createMetrics(app: FastifyInstance, database: DatabaseHandle): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'loupe_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'loupe_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const commands = new Counter({
    name: 'loupe_commands_total',
    help: 'Mutating calls of the catalogue (what a console command runs), by call id and outcome',
    labelNames: ['command', 'outcome'] as const,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'loupe_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong e-mail or password',
    registers: [registry],
  });
  const signInLockouts = new Counter({
    name: 'loupe_sign_in_lockouts_total',
    help: 'Sign-ins refused because of earlier failures (429 Too many attempts)',
    registers: [registry],
  });
  new Counter({
    name: 'loupe_audit_insert_failures_total',
    help: 'Audit rows that could not be written (the call answered 503, or was stored without its body)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(opsCounters.auditInsertFailures);
    },
  });
  const pool = new Gauge({
    name: 'loupe_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and clients waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      pool.set({ state: 'in_use' }, stats.total - stats.idle);
      pool.set({ state: 'idle' }, stats.idle);
      pool.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const jobDepth = new Gauge({
    name: 'loupe_jobs_queued',
    help: 'Jobs queued or running, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const jobAge = new Gauge({
    name: 'loupe_jobs_oldest_age_seconds',
    help: 'Age of the oldest job queued or running, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      jobDepth.reset();
      jobAge.reset();
      const result = await withTimeout(
        database.db.execute<{ kind: string; depth: number; age: number }>(sql`
          select kind, count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as age
          from jobs where state in ('queued', 'running') group by kind`),
      ).catch(() => null);
      for (const row of result?.rows ?? []) {
        jobDepth.set({ kind: row.kind }, Number(row.depth));
        jobAge.set({ kind: row.kind }, Number(row.age));
      }
    },
  });
  const deliveries = new Gauge({
    name: 'loupe_deliveries',
    help: 'E-mails of the outbox and customer-messaging webhooks, pending (not yet delivered) and failed',
    labelNames: ['channel', 'state'] as const,
    registers: [registry],
    async collect() {
      const result = await withTimeout(
        database.db.execute<{
          mail_pending: number;
          mail_failed: number;
          hook_pending: number;
          hook_failed: number;
        }>(sql`
          select
            (select count(*)::int from outbox where status in ('PENDING', 'SENDING')) as mail_pending,
            (select count(*)::int from outbox where status = 'FAILED') as mail_failed,
            (select count(*)::int from notification_broadcasts
              where webhook_state in ('PENDING', 'RETRYING', 'SENDING')) as hook_pending,
            (select count(*)::int from notification_broadcasts where webhook_state = 'FAILED') as hook_failed`),
      ).catch(() => null);
      const row = result?.rows[0];
      if (!row) return;
      deliveries.set({ channel: 'mail', state: 'pending' }, Number(row.mail_pending));
      deliveries.set({ channel: 'mail', state: 'failed' }, Number(row.mail_failed));
      deliveries.set({ channel: 'webhook', state: 'pending' }, Number(row.hook_pending));
      deliveries.set({ channel: 'webhook', state: 'failed' }, Number(row.hook_failed));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(no route)';
    if (route === '/metrics') return;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint) return;
    if (endpoint.id === 'auth.login') {
      if (status === 422) signInFailures.inc();
      if (status === 429) signInLockouts.inc();
    }
    if (endpoint.method !== 'GET') commands.inc({ command: endpoint.id, outcome: outcomeOf(status) });
  });
  return registry;
}

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return /^Bearer\s+/i.test(header) && given.length === expected.length && timingSafeEqual(given, expected);
}

/** Answers the registry in Prometheus' text format. */
export async function sendMetrics(registry: Registry, reply: FastifyReply): Promise<FastifyReply> {
  const body = await registry.metrics();
  return reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store').send(body);
}

/**
 * `GET /metrics` on the app behind `Authorization: Bearer <METRICS_TOKEN>` (401 without it). Not registered at all
 * without a token: the series are never open by default (METRICS_PORT serves them on a port of their own instead).
 */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ detail: 'The metrics need their bearer token (METRICS_TOKEN)', code: 'not_authenticated' });
    }
    return sendMetrics(registry, reply);
  });
}
