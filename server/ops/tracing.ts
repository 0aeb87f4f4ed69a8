import { createRequire } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyPluginCallback } from 'fastify';

/**
 * OpenTelemetry traces (docs/operating.md, traces). This module is only ever imported dynamically, by main.ts when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (or by a test with an in-memory exporter): without it nothing of OpenTelemetry
 * is loaded. A span per request (@fastify/otel), its hooks and handler as children, and each SQL statement a child of
 * the hook or handler that ran it (the pg instrumentation, statement text only: never its parameters).
 */
export interface Tracing {
  /** The Fastify plugin that opens the request span; registered first by `buildApp` (`tracing` option). */
  plugin: FastifyPluginCallback;
  /** Flushes the spans still buffered and stops the SDK (at the end of a drain). */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** Where spans go: default the OTLP/HTTP exporter, configured by the OTEL_EXPORTER_OTLP_* variables. */
  exporter?: SpanExporter;
  /** Export each span as it ends instead of in batches (tests). */
  immediate?: boolean;
}

type Wrappable = { __wrapped?: boolean };

/**
 * The pg instrumentation patches `pg` and `pg-pool` through require hooks, when they are first *required*. Loupe imports
 * `pg` as an ES module, and it may already be loaded: so patch the loaded modules' classes here (their prototypes are
 * what every importer shares), unless the hook already did.
 */
function patchLoadedPg(instrumentation: PgInstrumentation): void {
  const require = createRequire(import.meta.url);
  const pgPath = require.resolve('pg');
  const client = (require(pgPath) as { Client: { prototype: { query: Wrappable } } }).Client;
  if (client.prototype.query.__wrapped) return;
  const besidePg = createRequire(pgPath);
  for (const definition of instrumentation.getModuleDefinitions()) {
    const path = definition.name === 'pg' ? pgPath : besidePg.resolve(definition.name);
    const { version } = besidePg(`${definition.name}/package.json`) as { version: string };
    definition.patch?.(require(path), version);
  }
}

/** Starts the Node SDK with the Fastify and pg instrumentations; call before the database pool is opened. */
export function startTracing(options: TracingOptions = {}): Tracing {
  const exporter = options.exporter ?? new OTLPTraceExporter();
  const fastify = new FastifyOtelInstrumentation({
    // The balancer's checks and the scrape: a span every 500 ms per instance would bury the requests.
    ignorePaths: (route: { url?: string }) => ['/healthz', '/readyz', '/metrics'].includes(route.url ?? ''),
  });
  const pg = new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false });
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'loupe',
    spanProcessors: [options.immediate ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
    // Only traces: no metric reader or log processor (the metrics are prom-client's, the logs pino's).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [pg, fastify],
  });
  sdk.start();
  patchLoadedPg(pg);
  return {
    plugin: fastify.plugin() as unknown as FastifyPluginCallback,
    shutdown: () => sdk.shutdown(),
  };
}
