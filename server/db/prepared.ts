import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Database, ExecuteResult } from './client';

/**
 * Named prepared statements for the hot reads. PostgreSQL plans an unnamed statement every time it runs; a read with
 * a dozen lateral subqueries spends more time being planned (1–5 ms on a loaded machine) than run (0.3 ms). A named
 * statement is parsed once per connection, and after a few runs PostgreSQL keeps its generic plan. The name is a
 * hash of the statement's text, so one name never stands for two texts (node-postgres refuses that) and a statement
 * whose shape varies (a sort column, a cursor) is simply another statement. PGlite ignores the name.
 */
export function statementName(text: string): string {
  return `loupe_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** `db.execute(query)` as a named prepared statement (the same rows). */
export async function executePrepared<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<ExecuteResult<Row>> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  return (await internals.session
    .prepareQuery(built, undefined, statementName(built.sql), false)
    .execute()) as ExecuteResult<Row>;
}

/** A drizzle select run as a named prepared statement (the same typed result as awaiting it). */
export function runPrepared<T>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}): Promise<T> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}
