import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../../server/db/client';
import { migrateDatabase } from '../../../server/db/migrate';

/** Where the server suites run: always on in-memory PGlite; also on PostgreSQL when TEST_DATABASE_URL is set. */
export type Backend = 'pglite' | 'pg';

export const backends: readonly Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new `loupe_test_<random>` database on the TEST_DATABASE_URL
 * server, dropped again by `close()`.
 */
export async function openTestDatabase(backend: Backend): Promise<DatabaseHandle> {
  if (backend === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory' });
    await migrateDatabase(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `loupe_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: withDatabase(adminUrl, name), poolSize: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
