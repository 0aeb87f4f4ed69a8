import { Writable } from 'node:stream';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { startTracing, type Tracing } from '../../server/ops/tracing';
import { insertCustomer } from './support/fixtures';
import { type TestApi, testApi } from './support/test-api';

/**
 * OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT in production) with the SDK's in-memory exporter: one request is one
 * request span, its SQL statements descend from it, and the log line and the audit row carry its trace id. On
 * PostgreSQL, whose driver the pg instrumentation traces (PGlite has no driver to instrument).
 */
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

if (process.env.TEST_DATABASE_URL) {
  describe('traces [pg]', () => {
    const exporter = new InMemorySpanExporter();
    const lines: Record<string, unknown>[] = [];
    let tracing: Tracing;
    let api: TestApi;

    beforeAll(async () => {
      // Before the pool opens, as main.ts does.
      tracing = startTracing({ exporter, immediate: true });
      const stream = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
          done();
        },
      });
      api = await testApi({ backend: 'pg', tracing, logger: { level: 'info', stream } });
    });
    afterAll(async () => {
      await api?.close();
      await tracing?.shutdown();
    });

    it('makes one request span with its SQL statements below it, and puts its trace id in the log and the audit row', async () => {
      const customer = await insertCustomer(api.db);
      const master = await api.signIn('SUPPORT_MASTER');
      exporter.reset();
      // The console's traceparent (src/http/transport.ts): the server's request span continues that trace.
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const answer = await master.post(
        api.users.suspend,
        { user_id: customer.id },
        { reason: 'OTHER', description: 'traced' },
        { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } },
      );
      expect(answer.status).toBe(200);

      const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
      const requests = spans.filter((span) => span.name === 'request');
      expect(requests).toHaveLength(1);
      const request = requests[0] as ReadableSpan;
      expect(request.attributes['http.route']).toBe('/admin/users/:user_id/actions/suspend');
      expect(request.attributes['http.response.status_code']).toBe(200);
      const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
      const descendsFromRequest = (span: ReadableSpan): boolean => {
        for (let up = parentOf(span); up !== undefined; up = byId.get(up) && parentOf(byId.get(up) as ReadableSpan)) {
          if (up === request.spanContext().spanId) return true;
        }
        return false;
      };
      const statements = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
      expect(statements.length).toBeGreaterThan(1);
      for (const statement of statements) expect(descendsFromRequest(statement)).toBe(true);
      const texts = statements.map((span) => String(span.attributes['db.query.text'] ?? ''));
      expect(texts.some((text) => /update "customers"/i.test(text))).toBe(true);
      expect(texts.some((text) => /insert into "audit_log"/i.test(text))).toBe(true);
      // The statement text, never its parameters (they hold customer data).
      expect(JSON.stringify(statements.map((span) => span.attributes))).not.toContain('traced');

      const [row] = await api.db
        .select({ traceId: auditLog.traceId, requestId: auditLog.requestId })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(customer.id)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row?.traceId).toBe(traceId);
      const line = lines.find((entry) => entry.reqId === row?.requestId && entry.msg === 'request');
      expect(line).toMatchObject({ trace: traceId, status: 200, route: '/admin/users/:user_id/actions/suspend' });
    });

    it('leaves the balancer checks untraced', async () => {
      exporter.reset();
      const answer = await api.app.inject({ method: 'GET', url: '/healthz' });
      expect(answer.statusCode).toBe(200);
      expect(exporter.getFinishedSpans().filter((span) => span.name === 'request')).toEqual([]);
    });
  });
}
