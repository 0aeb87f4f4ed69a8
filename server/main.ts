import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { pruneLoginFailures } from './auth/login-limits';
import { ConfigError, readEnvironment } from './config';
import { ensureConsoleBuild } from './console-build';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './seed/generate';

const root = fileURLToPath(new URL('..', import.meta.url));
const demoCustomers = 5000;
const log = (line: string) => console.log(line);

async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not exists (select 1 from customers) and not exists (select 1 from staff) as empty`,
  );
  return result.rows[0]?.empty === true;
}

/** `npm start`: build the console if needed, open and migrate the database, seed an empty one, listen. */
async function main(): Promise<void> {
  const env = await readEnvironment();
  const staticDir = await ensureConsoleBuild(root, log);
  if (!staticDir) log('No console to serve (index.html missing): serving the API only.');
  const database = await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir });
  log(database.kind === 'pg' ? 'Database: PostgreSQL (DATABASE_URL).' : `Database: embedded PGlite in ${env.dataDir}.`);
  await migrateDatabase(database);
  await pruneLoginFailures(database.db);
  if (env.seed === 'demo' && (await isEmpty(database.db))) {
    log(`Empty database: seeding ${demoCustomers.toLocaleString('en-US')} demo customers and the demo staff…`);
    const seeded = await seedDatabase(database.db, { customers: demoCustomers, staff: true });
    if (database.kind === 'pglite') await database.db.execute(sql`CHECKPOINT`);
    log('Demo staff accounts (demo data only):');
    for (const account of seeded.staff)
      log(`  ${account.email.padEnd(34)} ${account.role.padEnd(17)} ${account.password}`);
  }
  const app = await buildApp({
    database,
    config: env.config,
    staticDir,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: env.port, host: '0.0.0.0' });
  log(`Loupe is running at http://localhost:${env.port}${staticDir ? '' : ' (API under /admin)'}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
