import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase } from '../../../server/db/client';
import { migrateDatabase, migrationsFolder } from '../../../server/db/migrate';

/** Where the server suites run: always on in-memory PGlite; also on PostgreSQL when TEST_DATABASE_URL is set. */
export type Backend = 'pglite' | 'pg';

export const backends: readonly Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsFolder, { recursive: true })).filter((file) => file.endsWith('.sql'));
  for (const file of files.sort()) hash.update(file).update(await readFile(join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a freshly migrated PGlite data directory, made once per migrations version and kept in the temp
 * directory: loading it takes about 0.5 s where initdb + migrations take about 3 s.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `loupe-pglite-template-${await migrationsFingerprint()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrateDatabase({ db: drizzle({ client }) as unknown as Database, kind: 'pglite' });
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await client.close();
    }
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onAdminConnection(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database: in-memory PGlite (from the migrated template), or a new `loupe_test_<random>` database
 * on the TEST_DATABASE_URL server, dropped again by `close()`.
 */
export async function openTestDatabase(backend: Backend): Promise<DatabaseHandle & { url?: string }> {
  if (backend === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory', loadDataDir: await pgliteTemplate() });
    await migrateDatabase(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `loupe_test_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  // Through a transaction-pooling PgBouncer (DATABASE_POOLER=pgbouncer), LISTEN needs the direct connection.
  const listenBase = process.env.TEST_DATABASE_DIRECT_URL;
  const handle = await openDatabase({
    url,
    poolSize: 5,
    listenUrl: listenBase ? withDatabase(listenBase, name) : undefined,
  });
  await migrateDatabase(handle);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await onAdminConnection(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The direct address to LISTEN on for a test database reached through a transaction-pooling PgBouncer (CI sets
 * TEST_DATABASE_DIRECT_URL), or undefined when the database is reached directly: a second app instance on the same
 * database needs it to hear changes and presence, as the first one gets it from the suite.
 */
export function listenUrlOf(url: string): string | undefined {
  const direct = process.env.TEST_DATABASE_DIRECT_URL;
  return direct ? withDatabase(direct, new URL(url).pathname.slice(1)) : undefined;
}
