import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { executePrepared } from '../../server/db/prepared';

/**
 * The two ways to PostgreSQL: direct (named prepared statements for the hot reads) and through a transaction-pooling
 * PgBouncer (DATABASE_POOLER=pgbouncer: none). CI runs the server suite through PgBouncer (.ci/run) and sets
 * TEST_DATABASE_DIRECT_URL to the server itself, so this file covers the direct path there; run by hand without a
 * PgBouncer, TEST_DATABASE_URL is the direct one.
 */
const directUrl = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL;
const pooledUrl = process.env.DATABASE_POOLER === 'pgbouncer' ? process.env.TEST_DATABASE_URL : undefined;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function namedStatements(database: DatabaseHandle): Promise<string[]> {
  const result = await database.db.execute<{ name: string }>(
    sql`select name from pg_prepared_statements where name like 'loupe_%'`,
  );
  return result.rows.map((row) => row.name);
}

if (directUrl) {
  describe('database paths [pg]', () => {
    const name = `loupe_test_pooler_${randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    beforeAll(() => admin(`CREATE DATABASE ${name}`));
    afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

    it('runs the hot reads as named statements on a direct connection, in UTC', async () => {
      const database = await openDatabase({ url: withDatabase(directUrl, name), poolSize: 1, pooler: 'none' });
      try {
        const read = sql`select current_setting('TimeZone') as zone, ${7}::int as seven`;
        const { rows } = await executePrepared<{ zone: string; seven: number }>(database.db, read);
        expect(rows).toEqual([{ zone: 'UTC', seven: 7 }]);
        expect(await namedStatements(database)).toHaveLength(1);
        expect(database.listen).toBeDefined();
      } finally {
        await database.close();
      }
    });

    if (pooledUrl) {
      it('through PgBouncer (DATABASE_POOLER=pgbouncer): unnamed statements in transactions, UTC, LISTEN only direct', async () => {
        const pooled = await openDatabase({ url: withDatabase(pooledUrl, name), poolSize: 4, pooler: 'pgbouncer' });
        try {
          const reads = Array.from({ length: 40 }, (_, index) =>
            pooled.db.transaction((tx) =>
              executePrepared<{ zone: string; n: number }>(
                tx,
                sql`select current_setting('TimeZone') as zone, ${index}::int as n`,
              ),
            ),
          );
          const answers = await Promise.all(reads);
          expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, index) => index));
          expect(new Set(answers.map((answer) => answer.rows[0]?.zone))).toEqual(new Set(['UTC']));
          expect(await namedStatements(pooled)).toEqual([]);
          expect(pooled.listen).toBeUndefined();
        } finally {
          await pooled.close();
        }
      });
    }
  });
}
