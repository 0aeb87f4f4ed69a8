import { type SQL, sql } from 'drizzle-orm';

/** Anything that runs a drizzle SQL statement: both the PGlite and the node-postgres databases. */
export interface SqlRunner {
  execute(query: SQL): Promise<unknown>;
}

/** Columns the seed writes to the `charges` ledger (a row leaves out what it does not have: null). */
export const seededChargeColumns = [
  'customer_id',
  'kind',
  'status',
  'amount',
  'currency',
  'purpose',
  'description',
  'charging_vendor',
  'provider_charge_id',
  'provider_ref',
  'provider_key',
  'failure_code',
  'failure_message',
  'created_at',
] as const;

/**
 * Inserts rows into `table` as JSON (one parameter per statement, `json_populate_recordset`), `chunk` rows at a
 * time; ids come from the table's sequence unless a column list names `id`.
 */
export async function insertJsonRows(
  db: SqlRunner,
  table: string,
  columnNames: readonly string[],
  rows: readonly object[],
  chunk = 10_000,
): Promise<void> {
  const columns = sql.raw(columnNames.map((name) => `"${name}"`).join(', '));
  for (let start = 0; start < rows.length; start += chunk) {
    const json = JSON.stringify(rows.slice(start, start + chunk));
    await db.execute(
      sql`INSERT INTO ${sql.raw(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.raw(table)}, ${sql.param(json)}::json)`,
    );
  }
}

/** An instant in milliseconds as an ISO timestamp. */
export const isoAt = (ms: number): string => new Date(ms).toISOString();
