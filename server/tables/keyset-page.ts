import { and, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { countRows, type ListTotal } from './count';
import { encodeCursor } from './cursor';
import type { CompiledTableQuery } from './filter-sql';

/** One page of a table list: its records, the cursor of the next page (null on the last) and the total. */
export interface KeysetPage<R> {
  records: R[];
  nextCursor: string | null;
  total: ListTotal;
}

/** One page of records and the next cursor, without the list's total (an export reads page after page). */
export async function keysetRecords<T extends PgTable>(
  db: Database,
  table: T,
  query: CompiledTableQuery,
  pageSize: number,
): Promise<Omit<KeysetPage<T['$inferSelect']>, 'total'>> {
  type Selected = T['$inferSelect'];
  const conditions = [query.where, query.after].filter((condition): condition is SQL => condition !== undefined);
  const rows = (await db
    .select({ record: table, sortValue: query.sortValue })
    .from(table as PgTable)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...query.orderBy)
    .limit(pageSize + 1)) as unknown as { record: Selected & { id: number }; sortValue: unknown }[];
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const nextCursor =
    rows.length > pageSize && last ? encodeCursor(query.sort, last.sortValue as string | null, last.record.id) : null;
  return { records: page.map((row) => row.record), nextCursor };
}

/**
 * Reads one page of `table` for a compiled table query: filtered, sorted and after the cursor in SQL, one row more than
 * the page to know whether another follows, and the list's total (exact or estimated, see count.ts).
 */
export async function keysetPage<T extends PgTable>(
  db: Database,
  table: T,
  query: CompiledTableQuery,
  pageSize: number,
): Promise<KeysetPage<T['$inferSelect']>> {
  const page = await keysetRecords(db, table, query, pageSize);
  const total = await countRows(db, sql`${table}`, query.where);
  return { ...page, total };
}
