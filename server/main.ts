import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles } from '../domain/roles';
import { buildApp } from './app';
import { pruneLoginFailures } from './auth/login-limits';
import { billingScheduleMs, scheduleBilling } from './billing/job';
import { callHandlers } from './calls';
import { forkWorkers, workerCount, workerStaticDir } from './cluster';
import { ConfigError, type Environment, readEnvironment } from './config';
import { ensureConsoleBuild } from './console-build';
import { type Database, type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { staff } from './db/schema';
import { fileStoreFrom } from './files/choose-store';
import type { FileStore } from './files/store';
import { logRedacted } from './http/log-redaction';
import { startDemoPipeline } from './integrations/pipeline/demo-stand-in';
import { JobWorker } from './jobs';
import { startDemoMailCapture } from './mail/demo-capture';
import { createDrain } from './ops/drain';
import { serveMetrics } from './ops/metrics-server';
import { type OperationsSettings, operationsSettingsFrom } from './ops/settings';
import type { Tracing } from './ops/tracing';
import { createGateway, type PaymentGateway } from './payments';
import { reconcilePayments } from './payments/reconcile';
import { demoPassword, demoStaffEmail, seedDatabase } from './seed/generate';

const root = fileURLToPath(new URL('..', import.meta.url));
const demoCustomers = 5000;
const log = (line: string) => console.log(line);

async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not exists (select 1 from customers) and not exists (select 1 from staff) as empty`,
  );
  return result.rows[0]?.empty === true;
}

/** Lists the demo staff accounts that exist (password `loupe-demo`), or how to create a first account. */
async function printDemoAccounts(db: Database): Promise<void> {
  const emails = roles.map(demoStaffEmail);
  const rows = await db
    .select({ email: staff.email, role: staff.role, active: staff.active })
    .from(staff)
    .where(inArray(staff.email, emails));
  if (rows.length === 0) {
    const [anyone] = await db.select({ id: staff.id }).from(staff).limit(1);
    if (!anyone) log('No staff account yet: npm run staff -- add --email you@example.com --role ADMIN');
    return;
  }
  log(`Demo staff accounts (demo data only; password ${demoPassword}):`);
  const order = new Map(emails.map((email, index) => [email, index]));
  rows.sort((a, b) => (order.get(a.email) ?? 0) - (order.get(b.email) ?? 0));
  for (const row of rows) log(`  ${row.email.padEnd(32)} ${row.role}${row.active ? '' : ' (deactivated)'}`);
}

/**
 * OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces-only variant) is set: started before the database pool
 * opens so its statements are traced. Unset: null, and nothing of OpenTelemetry is loaded.
 */
async function startTracingIfAsked(): Promise<Tracing | null> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT && !process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return null;
  const { startTracing } = await import('./ops/tracing');
  log('Tracing: OpenTelemetry spans to the OTLP/HTTP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT).');
  return startTracing();
}

/** A payment attempt still pending after this long lost its request: reconciled from the provider's books. */
const reconcileAfterSeconds = 60;

/** The admin API (and the console, when `staticDir`) on `database`, listening on the environment's port. */
async function listen(
  env: Environment,
  database: DatabaseHandle,
  staticDir: string | null,
  gateway: PaymentGateway,
  files: FileStore,
  operations: OperationsSettings,
  tracing: Tracing | null,
) {
  const app = await buildApp({
    ...(tracing ? { tracing } : {}),
    database,
    config: env.config,
    staticDir,
    gateway,
    files,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: env.trustProxy,
    timeouts: env.timeouts,
    metricsToken: operations.metricsToken ?? undefined,
  });
  await app.listen({ port: env.port, host: env.host });
  if (operations.metricsPort !== null) {
    const metricsServer = await serveMetrics(app.metrics, operations.metricsPort);
    app.addHook('onClose', () => metricsServer.close());
  }
  return app;
}

/** Runs `close` then exits, on the first SIGINT or SIGTERM (forced after 10 s): the primary of `WORKERS`. */
function stopOnSignal(close: () => Promise<void>, quiet = false): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!quiet) log(`\n${signal}: stopping…`);
    const force = setTimeout(() => process.exit(1), 60_000);
    force.unref();
    try {
      await close();
      process.exit(0);
    } catch (error) {
      logRedacted('Stopping failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * A serving process's SIGTERM (and SIGINT): the graceful drain of server/ops/drain.ts, then exit 0. A second signal ends
 * the drain window at once and exits once the requests in flight are answered.
 */
function drainOnSignal(
  app: FastifyInstance,
  operations: OperationsSettings,
  stopBackground: () => Promise<void>,
  closeResources: () => Promise<void>,
): void {
  const drain = createDrain(
    { app, stopBackground, closeResources, log },
    { drainSeconds: operations.drainSeconds, inFlightSeconds: operations.inFlightSeconds },
  );
  const onSignal = (signal: string) => {
    log(`${signal}: draining (not ready; DRAIN_SECONDS=${operations.drainSeconds})`);
    drain.start().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

/** A worker of `WORKERS` > 1: serves on the shared port; the primary migrated, seeded and reconciles. */
async function serveAsWorker(env: Environment): Promise<void> {
  const tracing = await startTracingIfAsked();
  const database = await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir });
  const gateway = createGateway({ gateway: process.env.PAYMENT_GATEWAY, db: database.db });
  const operations = operationsSettingsFrom();
  const app = await listen(env, database, workerStaticDir(), gateway, fileStoreFrom(), operations, tracing);
  drainOnSignal(
    app,
    operations,
    async () => {},
    async () => {
      await database.close();
      await tracing?.shutdown();
    },
  );
}

/**
 * `npm start`: build the console if needed, open and migrate the database, seed an empty one, listen — or, with
 * `WORKERS` > 1 (PostgreSQL only), fork that many workers that listen on the same port while this process reconciles.
 */
async function main(): Promise<void> {
  const env = await readEnvironment();
  if (cluster.isWorker) return serveAsWorker(env);
  const operations = operationsSettingsFrom();
  // Checks S3_* before anything else starts; one store for the API and the job worker.
  const files = fileStoreFrom();
  const workers = workerCount(process.env, env.databaseUrl);
  for (const warning of env.warnings) console.warn(warning);
  // `npm run dev` and the API bench serve no console: Vite does, or nothing needs it.
  const skipConsole = Boolean(process.env.SKIP_CONSOLE_BUILD);
  const consoleDir = process.env.CONSOLE_DIR ? resolve(process.env.CONSOLE_DIR) : undefined;
  const staticDir = skipConsole ? null : await ensureConsoleBuild(root, log, consoleDir);
  if (skipConsole) log('Serving the API only (SKIP_CONSOLE_BUILD).');
  else if (!staticDir) log('No console to serve (index.html missing): serving the API only.');
  const tracing = await startTracingIfAsked();
  const database = await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir });
  log(database.kind === 'pg' ? 'Database: PostgreSQL (DATABASE_URL).' : `Database: embedded PGlite in ${env.dataDir}.`);
  await migrateDatabase(database);
  await pruneLoginFailures(database.db);
  if (env.seed === 'demo' && (await isEmpty(database.db))) {
    log(`Empty database: seeding ${demoCustomers.toLocaleString('en-US')} demo customers and the demo staff…`);
    await seedDatabase(database.db, {
      customers: demoCustomers,
      staff: true,
      marketing: { files, links: { secret: env.config.jwtSecret, publicUrl: env.config.publicUrl } },
    });
    if (database.kind === 'pglite') await database.db.execute(sql`CHECKPOINT`);
  }
  await printDemoAccounts(database.db);
  // Payments whose request died between the provider's answer and the ledger row: written from the provider's books.
  const gateway = createGateway({ gateway: process.env.PAYMENT_GATEWAY, db: database.db });
  const reconcile = () =>
    reconcilePayments(database.db, gateway, reconcileAfterSeconds)
      .then((report) => {
        if (report.recorded + report.abandoned > 0) log(`Payments reconciled: ${JSON.stringify(report)}`);
      })
      .catch((error: unknown) => logRedacted('Payment reconciliation failed', error));
  await reconcile();
  const reconciling = setInterval(() => void reconcile(), reconcileAfterSeconds * 1000);
  reconciling.unref();
  // The job queue's worker (server/jobs): in this process only, also when WORKERS forks request-serving workers.
  const jobWorker = new JobWorker(database.db, {
    services: { config: env.config, handlers: callHandlers, files, gateway },
    onError: (error, jobId) => logRedacted('Job failed', error, { jobId }),
  });
  jobWorker.start();
  // Contract billing: every server asks for the day's run now and then; one wins per day (server/billing/job.ts).
  const scheduleDay = () =>
    scheduleBilling(database.db)
      .then((jobId) => {
        if (jobId !== null) log(`Contract billing queued for today (job ${jobId}).`);
        jobWorker.wake();
      })
      .catch((error: unknown) => logRedacted('Contract billing schedule failed', error));
  await scheduleDay();
  const billingSchedule = setInterval(() => void scheduleDay(), billingScheduleMs);
  billingSchedule.unref();
  // The editing pipeline's stand-in beside a demo database (PIPELINE=off: none), before the app reads its settings.
  const standIn = await startDemoPipeline(root, { demo: env.seed === 'demo', port: env.port, log });
  // The mail capture beside a demo database without SMTP_URL (MAIL_CAPTURE=off: none), before the app reads SMTP_URL.
  const mailCapture = await startDemoMailCapture(root, { demo: env.seed === 'demo', log });
  if (mailCapture) env.config.mailCaptureUrl = mailCapture.httpUrl;
  const where = `http://localhost:${env.port}${staticDir ? '' : ' (API under /admin)'}`;
  if (workers > 1) {
    const stopWorkers = forkWorkers(workers, staticDir, log);
    stopOnSignal(async () => {
      clearInterval(reconciling);
      clearInterval(billingSchedule);
      await stopWorkers();
      await jobWorker.stop();
      await standIn?.stop();
      await mailCapture?.stop();
      await database.close();
      await tracing?.shutdown();
    });
    log(`Loupe is running at ${where} in ${workers} worker processes (WORKERS)`);
    return;
  }
  const app = await listen(env, database, staticDir, gateway, files, operations, tracing);
  drainOnSignal(
    app,
    operations,
    async () => {
      clearInterval(reconciling);
      clearInterval(billingSchedule);
      await jobWorker.stop();
      await standIn?.stop();
      await mailCapture?.stop();
    },
    async () => {
      await database.close();
      await tracing?.shutdown();
    },
  );
  log(`Loupe is running at ${where}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else logRedacted('The server stopped', error);
  process.exit(1);
});
