import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { type FastifyInstance, LogController } from 'fastify';
import type { TrustProxy } from '../config';

declare module 'fastify' {
  interface FastifyRequest {
    /** The OpenTelemetry trace this request belongs to (32 hex digits), when tracing is on; else null. */
    traceId: string | null;
  }
}

/** What @fastify/otel decorates a request with, when tracing is on (server/ops/tracing.ts). */
type TracedRequest = { opentelemetry?: () => { span: { spanContext(): { traceId: string } } | null } };

/**
 * Keeps each request's trace id (`request.traceId`) for its log line and audit row. Reads what @fastify/otel put on the
 * request, so this module imports nothing of OpenTelemetry; without tracing it stays null.
 */
export function rememberTraceIds(app: FastifyInstance): void {
  app.decorateRequest('traceId', null);
  app.addHook('onRequest', async (request) => {
    const span = (request as unknown as TracedRequest).opentelemetry?.().span;
    if (span) request.traceId = span.spanContext().traceId;
  });
}

/** A request id we take from a proxy: short, and only characters that cannot break a log line or a header. */
const acceptableRequestId = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy (TRUST_PROXY) sent, when it is an acceptable id, else a new
 * UUID. From anyone else, or when it is long (a forged 10 kB one) or holds newlines or other characters, it is replaced —
 * never logged or echoed raw.
 */
export function requestIdFrom(trustProxy: TrustProxy | undefined): (request: IncomingMessage) => string {
  const trusted =
    trustProxy === true
      ? () => true
      : Array.isArray(trustProxy) && trustProxy.length > 0
        ? proxyAddr.compile(trustProxy)
        : () => false;
  return (request) => {
    const given = request.headers['x-request-id'];
    const peer = request.socket?.remoteAddress;
    if (typeof given === 'string' && acceptableRequestId.test(given) && peer !== undefined && trusted(peer, 0)) {
      return given;
    }
    return randomUUID();
  };
}

/**
 * One JSON line per request (docs/operating.md, logs), at `info`: the request id (`reqId`, echoed as X-Request-Id),
 * the method, the route *pattern* (never the raw URL: it can carry a searched e-mail), the status, the duration and
 * the staff id — nothing personal. Fastify's own two lines per request (with the raw URL) are turned off.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        staff: request.caller?.staff.id ?? null,
        ...(request.traceId ? { trace: request.traceId } : {}),
      },
      'request',
    );
  });
}

/** Pino serializers for a request (Fastify logs one with a 500): the method and the path, never the query string. */
export const requestSerializers = {
  req: (request: { method?: string; url?: string }) => ({
    method: request.method,
    path: (request.url ?? '').split('?')[0]?.slice(0, 300),
  }),
};

/**
 * Fastify's `logController`: its own "incoming request" and "request completed" lines (which carry the raw URL) are
 * left out — `logRequests` writes the one line per request — while its error lines stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}
