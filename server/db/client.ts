import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { hearOwnWrites, listenPglite, listenPostgres, type NotificationHandlers, type Unlisten } from './notifications';
import * as schema from './schema';

/** What `db.execute` resolves to on both drivers: at least the rows. */
export interface ExecuteResult<Row> {
  rows: Row[];
}

/** Raw results of `db.execute`, the same on both drivers. */
export interface DatabaseResultHKT extends PgQueryResultHKT {
  readonly type: ExecuteResult<this['row']>;
}

/** The one drizzle type the server uses, whether PGlite or a PostgreSQL pool is underneath; transactions too. */
export type Database = PgDatabase<DatabaseResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'pg';

/** An open database: the drizzle handle, which engine it is, and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** Subscribes to NOTIFY on a channel (server/db/notifications.ts); absent on stand-ins without a database. */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Unlisten>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL: use a `pg` pool. Unset: embedded PGlite. */
  url?: string;
  /** PGlite only: the data directory (its files go to `<dataDir>/pglite`), or `memory`. Default `./data`. */
  dataDir?: string | 'memory';
  /** pg only: the pool size. */
  poolSize?: number;
  /** PGlite only: start from a dump of a data directory (`dumpDataDir`), e.g. an already migrated template. */
  loadDataDir?: Blob;
}

/** Directory of the PGlite files inside a data directory. */
export function pgliteDirectory(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

/** Opens PostgreSQL (`url`) or PGlite (with pg_trgm, small WAL) and returns a drizzle handle over it, in UTC. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? './data', options.loadDataDir);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max, options: '-c TimeZone=UTC' });
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'pg',
    close: () => pool.end(),
    listen: async (channel, handlers) => {
      if (handlers.onOwnWrite) hearOwnWrites(pool, handlers.onOwnWrite);
      return listenPostgres(url, channel, handlers);
    },
  };
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let directory: string | undefined;
  if (dataDir !== 'memory') {
    directory = pgliteDirectory(dataDir);
    await mkdir(directory, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: directory,
    loadDataDir,
    extensions: { pg_trgm },
    postgresqlconf: ['max_wal_size=64MB', 'min_wal_size=32MB', "timezone='UTC'"],
  });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    close: async () => {
      if (directory) await client.exec('CHECKPOINT').catch(() => {});
      await client.close();
    },
  };
}
