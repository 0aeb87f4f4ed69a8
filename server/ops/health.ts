import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness';

const reasonText = {
  draining: 'shutting down (SIGTERM): finishing the requests in flight',
  database_unreachable: 'the database does not answer',
  migrations_pending: 'the database is behind this build: migrations have not all been applied',
  starting: 'starting: the database has not been checked yet',
} as const;

/**
 * `GET /healthz` (the process answers; no database) and `GET /readyz` (database reachable, migrations at head, not
 * draining; else 503 with the reasons) for load balancers: outside `/admin`, no auth, no rate limit, no audit row.
 */
export function registerHealth(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    const state = readiness.state();
    reply.header('Cache-Control', 'no-store');
    if (state.ready) return { status: 'ready' };
    return reply.code(503).send({
      status: 'not_ready',
      reasons: state.reasons,
      detail: state.reasons.map((reason) => reasonText[reason]).join('; '),
    });
  });
}
