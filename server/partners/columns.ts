import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ColumnSqlType, TableColumn } from '../tables/filter-sql';

/** A list column from a table column (nullable as the table says) or an SQL expression. */
export function column(source: AnyPgColumn | SQL, type: ColumnSqlType, extra: Partial<TableColumn> = {}): TableColumn {
  const isColumn = 'notNull' in source;
  return {
    sql: isColumn ? sql`${source}` : (source as SQL),
    type,
    nullable: isColumn ? !source.notNull : false,
    ...extra,
  };
}

/** Keeps only the asked-for keys of a row (its id and quick actions always). */
export function onlyColumns<T extends object>(row: T, keys: Set<string> | undefined): T {
  if (!keys) return row;
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => keys.has(key) || key === 'id' || key === 'quick_actions'),
  ) as T;
}
