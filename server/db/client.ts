import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { logRedacted } from '../http/log-redaction';
import { hearOwnWrites, listenPglite, listenPostgres, type NotificationHandlers, type Unlisten } from './notifications';
import { runUnnamedStatements } from './prepared';
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

/** What sits between the server and PostgreSQL: nothing, or a transaction-pooling PgBouncer. */
export type DatabasePooler = 'none' | 'pgbouncer';

/** DATABASE_POOLER: unset or `none`, or `pgbouncer`. */
export function poolerFrom(env: NodeJS.ProcessEnv = process.env): DatabasePooler {
  const raw = env.DATABASE_POOLER?.trim() || 'none';
  if (raw !== 'none' && raw !== 'pgbouncer') {
    throw new Error(`DATABASE_POOLER must be "pgbouncer" or unset, got "${raw}"`);
  }
  return raw;
}

/** An open database: the drizzle handle, which engine it is, and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** Subscribes to NOTIFY on a channel (server/db/notifications.ts); absent on stand-ins without a database. */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Unlisten>;
  /** PostgreSQL only: a streaming replica's handle for list reads (DATABASE_READ_URL; server/db/read-replica.ts). */
  reads?: Database;
  /** PostgreSQL only: the pool's connections (total, idle) and the queries waiting for one, for the metrics. */
  poolStats?(): PoolStats;
}

/** A snapshot of a pg pool. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL: use a `pg` pool. Unset: embedded PGlite. */
  url?: string;
  /** PGlite only: the data directory (its files go to `<dataDir>/pglite`), or `memory`. Default `./data`. */
  dataDir?: string | 'memory';
  /** pg only: the pool size. */
  poolSize?: number;
  /**
   * pg only: `pgbouncer` when `url` is a PgBouncer in transaction pooling mode — no named prepared statements, no
   * session settings at connect (DATABASE_POOLER; default: that variable).
   */
  pooler?: DatabasePooler;
  /**
   * pg only: a direct connection for LISTEN, which a transaction pooler cannot carry (default DATABASE_LISTEN_URL; else
   * `url` without a pooler, and no LISTEN at all through one).
   */
  listenUrl?: string;
  /**
   * pg only: a streaming replica for list and search reads (default DATABASE_READ_URL; unset: every read on `url`).
   * Reached the same way as `url` (the same pooler setting).
   */
  readUrl?: string;
  /** PGlite only: start from a dump of a data directory (`dumpDataDir`), e.g. an already migrated template. */
  loadDataDir?: Blob;
}

/** Directory of the PGlite files inside a data directory. */
export function pgliteDirectory(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

/** Opens PostgreSQL (`url`) or PGlite (with pg_trgm, small WAL) and returns a drizzle handle over it, in UTC. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    return openPostgres(
      options.url,
      options.poolSize ?? 10,
      options.pooler ?? poolerFrom(),
      options.listenUrl ?? (process.env.DATABASE_LISTEN_URL || undefined),
      options.readUrl ?? (process.env.DATABASE_READ_URL || undefined),
    );
  }
  return openPglite(options.dataDir ?? './data', options.loadDataDir);
}

/** A pg pool on `url` in UTC and its drizzle handle; through PgBouncer, without named statements. */
async function openPool(url: string, max: number, pooler: DatabasePooler, name: string) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // PgBouncer 1.18 refuses the `options` startup parameter; it does carry TimeZone per client (it re-sets it on
  // whichever server connection a transaction gets), so the SET on connect holds through it.
  const pool =
    pooler === 'pgbouncer'
      ? new pg.Pool({ connectionString: url, max })
      : new pg.Pool({ connectionString: url, max, options: '-c TimeZone=UTC' });
  if (pooler === 'pgbouncer') pool.on('connect', (client) => void client.query("SET TIME ZONE 'UTC'").catch(() => {}));
  // An idle client lost its connection (the server restarted, a network blip): the pool replaces it; say so, redacted.
  pool.on('error', (error) => logRedacted(`${name}: an idle connection failed`, error));
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  if (pooler === 'pgbouncer') runUnnamedStatements(db);
  return { pool, db };
}

async function openPostgres(
  url: string,
  max: number,
  pooler: DatabasePooler,
  directListenUrl: string | undefined,
  readUrl: string | undefined,
): Promise<DatabaseHandle> {
  const { pool, db } = await openPool(url, max, pooler, 'database pool');
  const reads = readUrl ? await openPool(readUrl, max, pooler, 'read replica pool') : null;
  // LISTEN through a transaction pooler would seem to work and hear nothing: without a direct URL, no change feed
  // (the session cache then keeps nothing, server/http/session-cache.ts).
  const listenUrl = directListenUrl ?? (pooler === 'pgbouncer' ? null : url);
  return {
    db,
    kind: 'pg',
    ...(reads ? { reads: reads.db } : {}),
    close: async () => {
      await Promise.all([pool.end(), reads?.pool.end()]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ...(listenUrl
      ? {
          listen: async (channel: string, handlers: NotificationHandlers) => {
            if (handlers.onOwnWrite) hearOwnWrites(pool, handlers.onOwnWrite);
            return listenPostgres(listenUrl, channel, handlers);
          },
        }
      : {}),
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
