import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Registry } from 'prom-client';
import { allEndpoints, apiPrefix } from '../domain/api';
import { registerBundlePages } from './bundles/bundle-page';
import { callHandlers } from './calls';
import { registerLiveRoutes } from './collab/live-routes';
import { type AppConfig, appConfig, defaultServerTimeouts, type ServerTimeouts, type TrustProxy } from './config';
import type { DatabaseHandle } from './db/client';
import { afterWriteSecondsFrom } from './db/read-replica';
import { fileStoreFrom } from './files/choose-store';
import { registerFileRoutes } from './files/routes';
import type { FileStore } from './files/store';
import { limitAnonymousCalls } from './http/anonymous-rate';
import { acceptJsonBodies, answerErrors, answerNotFound, toApiError } from './http/answers';
import { registerApiReference } from './http/api-reference';
import { redactingSerializers } from './http/log-redaction';
import { nodeServerFactory } from './http/node-server';
import { type RegisteredHandler, registerCalls } from './http/register';
import { secureHeaders } from './http/security-headers';
import { watchSessions } from './http/session-cache';
import { registerPromotionRedeem } from './integrations/customer-app/promotion-redeem';
import { appServiceTokenFrom, registerCustomerAppRoutes } from './integrations/customer-app/routes';
import { deliverPipelineWithApp } from './integrations/pipeline/delivery';
import { registerPipelineInbound } from './integrations/pipeline/inbound';
import { type PipelineSettings, pipelineSettingsFrom } from './integrations/pipeline/settings';
import { deliverMailWithApp } from './mail/delivery';
import { type MailSettings, mailSettingsFrom } from './mail/settings';
import { registerPromotionLanding } from './marketing/promotion-landing';
import { webhookSettingsFrom } from './notifications/output';
import { deliverWebhooksWithApp } from './notifications/webhook';
import { registerHealth } from './ops/health';
import { createMetrics, registerMetricsRoute } from './ops/metrics';
import { Readiness } from './ops/readiness';
import { logRequests, OneLinePerRequest, rememberTraceIds, requestIdFrom, requestSerializers } from './ops/request-log';
import type { Tracing } from './ops/tracing';
import { registerProfilePages } from './partners/profile-page';
import { registerShortLinks } from './partners/short-links';
import { createGateway, type PaymentGateway } from './payments';

/** A route as registered, for the inventory check. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app, in order. */
    registeredRoutes: readonly RegisteredRoute[];
    /** What `/readyz` answers; `drain()` on SIGTERM. */
    readiness: Readiness;
    /** This app's Prometheus series (served at `/metrics` with METRICS_TOKEN, or on METRICS_PORT by main.ts). */
    metrics: Registry;
    /** Where links others open point (PUBLIC_URL, else the listen address): never a request's Host. */
    publicUrl: string;
  }
}

/** Options of `buildApp`. */
export interface BuildAppOptions {
  database: DatabaseHandle;
  /** The secret and any overrides of the defaults (TTLs, limits, idempotency wait, secure cookies). */
  config: Partial<AppConfig> & { jwtSecret: string };
  /** The console's build (with index.html) to serve at `/`; null or absent: API only. */
  staticDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Behind a reverse proxy (TRUST_PROXY): which hops' X-Forwarded-For/-Proto to believe. Default: none. */
  trustProxy?: TrustProxy;
  /** Request, idle-socket and keep-alive timeouts of the listening server (default: `defaultServerTimeouts`). */
  timeouts?: ServerTimeouts;
  /** More calls through the same pipeline (tests: a money call); catalogue ids must not repeat. */
  extraHandlers?: readonly RegisteredHandler[];
  /** The payment provider (default: the one `PAYMENT_GATEWAY` names, the sandbox when unset). */
  gateway?: PaymentGateway;
  /** Parse every answer with its catalogue schema (default: when NODE_ENV is 'test'). */
  checkAnswers?: boolean;
  /** SMTP delivery of the outbox (default: from SMTP_URL and MAIL_FROM; null: none, e-mails stay PENDING). */
  mail?: MailSettings | null;
  /** The editing pipeline's key and webhook (default: from PIPELINE_SECRET and PIPELINE_WEBHOOK_URL; null: none). */
  pipeline?: PipelineSettings | null;
  /** The customer app's service token (default: APP_SERVICE_TOKEN; null: its calls answer 403). */
  appServiceToken?: string | null;
  /** Where banner images are kept (default: the bucket of `S3_BUCKET`, else files under `FILES_DIR`). */
  files?: FileStore;
  /** Serve `/metrics` on this app behind this bearer token (METRICS_TOKEN). Unset: no `/metrics` route. */
  metricsToken?: string;
  /** OpenTelemetry (server/ops/tracing.ts, started before the database opened): a span per request. Absent: none. */
  tracing?: Pick<Tracing, 'plugin'>;
}

/** Largest accepted request body. */
export const bodyLimitBytes = 64 * 1024;

function checkCatalogueCovered(handlers: readonly RegisteredHandler[]): void {
  const implemented = new Set(handlers.map((handler) => handler.endpoint.id));
  const missing = allEndpoints.filter((endpoint) => !implemented.has(endpoint.id)).map((endpoint) => endpoint.id);
  if (missing.length > 0) throw new Error(`Calls of the catalogue without a handler: ${missing.join(', ')}`);
}

/** The admin API (and optionally the console) as a Fastify app, ready for `inject` or `listen`; never listens itself. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = appConfig(options.config);
  const { db } = options.database;
  const files = options.files ?? fileStoreFrom();
  const logger = options.logger === true ? {} : options.logger;
  const app = Fastify({
    logger: logger
      ? { ...logger, serializers: { ...requestSerializers, ...redactingSerializers, ...logger.serializers } }
      : false,
    logController: new OneLinePerRequest(),
    // While closing (the end of a drain), requests on open connections are still served, not answered 503.
    return503OnClosing: false,
    serverFactory: nodeServerFactory(options.timeouts ?? defaultServerTimeouts),
    bodyLimit: bodyLimitBytes,
    trustProxy: options.trustProxy ?? false,
    genReqId: requestIdFrom(options.trustProxy),
    requestIdHeader: false,
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: (error, _request, reply) => {
      const answer = toApiError(error);
      (reply as FastifyReply).code(answer.status).send(answer.toAnswer());
    },
  });
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorate('publicUrl', config.publicUrl);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // First of all, so that every hook and handler after it runs inside the request's span.
  if (options.tracing) await app.register(options.tracing.plugin);
  rememberTraceIds(app);
  app.decorateRequest('caller', null);
  app.decorateRequest('actor', null);
  app.decorateRequest('audited', false);
  logRequests(app);
  const readiness = new Readiness(db);
  app.decorate('readiness', readiness);
  app.addHook('onReady', () => readiness.start());
  app.addHook('onClose', async () => readiness.stop());
  // Draining: every answer asks its client to reconnect, so keep-alive connections move to the other instances; at
  // send time, so a request that came in before the drain also closes its connection and lets the close finish.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.draining) reply.header('Connection', 'close');
    return payload;
  });
  registerHealth(app, readiness);
  const metrics = createMetrics(app, options.database);
  app.decorate('metrics', metrics);
  if (options.metricsToken) registerMetricsRoute(app, metrics, options.metricsToken);

  await app.register(fastifyCookie);
  await secureHeaders(app, {
    staticDir: options.staticDir ?? null,
    secureCookies: config.secureCookies,
    connectOrigins: files.incoming ? [files.incoming.origin] : [],
  });
  limitAnonymousCalls(app, db, config.anonymousRate, config.jwtSecret);
  acceptJsonBodies(app);
  answerErrors(app, db);
  await registerApiReference(app);
  deliverMailWithApp(app, db, options.mail === undefined ? mailSettingsFrom() : options.mail);

  const handlers = [...callHandlers, ...(options.extraHandlers ?? [])];
  checkCatalogueCovered(handlers);
  const sessions = await watchSessions(options.database, app);
  await app.register(
    async (scope) => {
      registerCalls(scope, handlers, {
        db,
        config,
        checkAnswers: options.checkAnswers ?? process.env.NODE_ENV === 'test',
        gateway: options.gateway ?? createGateway({ gateway: process.env.PAYMENT_GATEWAY, db }),
        sessions,
        files,
        reads: options.database.reads
          ? {
              replica: options.database.reads,
              afterWriteSeconds: afterWriteSecondsFrom(),
              recentWriters: new Map(),
              secureCookies: config.secureCookies,
            }
          : null,
      });
    },
    { prefix: '' },
  );

  // Live updates outside /admin: one server-sent-events stream per console tab (server/collab/live-routes.ts).
  await registerLiveRoutes(app, { database: options.database, config, sessions });

  // Signed public links outside /admin: promotion links (`/p/{token}`), banner uploads and their stored images.
  registerPromotionLanding(
    app,
    db,
    config.jwtSecret,
    options.appServiceToken === undefined ? appServiceTokenFrom() : options.appServiceToken,
  );
  await registerFileRoutes(app, { db, store: files, secret: config.jwtSecret });
  deliverWebhooksWithApp(app, db, webhookSettingsFrom());
  // The outside systems' contracts (docs/integrations.md): the editing pipeline's signed events, both ways.
  const pipeline = options.pipeline === undefined ? pipelineSettingsFrom() : options.pipeline;
  await registerPipelineInbound(app, db, pipeline);
  deliverPipelineWithApp(app, db, pipeline);
  const appServiceToken = options.appServiceToken === undefined ? appServiceTokenFrom() : options.appServiceToken;
  registerCustomerAppRoutes(app, db, appServiceToken);
  registerPromotionRedeem(app, db, config.jwtSecret, appServiceToken);

  // Public partner pages outside /admin: short links (`/l/{slug}`, clicks counted), profile pages
  // (`/partner/{slug}`) and shop bundle pages (`/shop/bundles/{slug}`).
  registerShortLinks(app, db, config.jwtSecret);
  registerProfilePages(app, db);
  registerBundlePages(app, db);

  const staticDir = options.staticDir ? resolve(options.staticDir) : null;
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // `.br`/`.gz` written at build time (scripts/precompress.ts), chosen by Accept-Encoding; identity otherwise.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const immutable = /[\\/]assets[\\/]/.test(path);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  answerNotFound(app, staticDir !== null);
  app.log.debug({ prefix: apiPrefix }, 'admin API ready');
  return app;
}
