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

/**
 * The drizzle dialects (one per open database, shared by its transactions) whose connections go through a
 * transaction-pooling PgBouncer (DATABASE_POOLER=pgbouncer): a named statement lives on one server connection, and the
 * next transaction may get another (PgBouncer 1.18 does not track them), so these run unnamed.
 */
const unnamedDialects = new WeakSet<object>();

/** From now on, `db` (and its transactions) runs the hot reads as unnamed statements. */
export function runUnnamedStatements(db: Database): void {
  unnamedDialects.add((db as unknown as DrizzleInternals).dialect);
}

/** The name to prepare a drizzle query under: `name`, or '' (the unnamed statement) through a transaction pooler. */
export function preparedName(db: Database, name: string): string {
  return namedAllowed(db) ? name : '';
}

function namedAllowed(holder: unknown): boolean {
  const dialect = (holder as { dialect?: object }).dialect;
  return !(dialect && unnamedDialects.has(dialect));
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
  if (!namedAllowed(db)) return db.execute<Row>(query);
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
  execute(): Promise<T>;
}): Promise<T> {
  if (!namedAllowed(query)) return query.execute();
  return query.prepare(statementName(query.toSQL().sql)).execute();
}
