import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TableFilter, TableSort, tableQuerySchema } from '../../domain/table-query';
import type { Header } from '../../domain/tables';
import { dayStartIn } from '../../domain/time-zone';
import { fail } from '../http/errors';
import { type Cursor, decodeCursor } from './cursor';

/** The SQL types a list column can have (how a cursor's sort value is cast back). */
export type ColumnSqlType = 'text' | 'integer' | 'bigint' | 'timestamptz' | 'boolean';

/** How one header of a list maps to SQL. */
export interface TableColumn {
  /** The column or expression. */
  sql: SQL;
  type: ColumnSqlType;
  nullable: boolean;
  /** Integer minor units shown as money: a number filter's value is in major units (10 means 10.00) and is × 100. */
  money?: boolean;
  /** The only values a multi filter may name (others are a 400); absent: any value (it simply matches nothing). */
  values?: readonly string[];
}

/** A list column from its SQL expression and type (nullable, and the values a multi filter may name, as given). */
export function tableColumn(
  expression: SQL,
  type: ColumnSqlType,
  nullable = false,
  values?: readonly string[],
): TableColumn {
  return { sql: expression, type, nullable, ...(values ? { values } : {}) };
}

/** A list's SQL description: its headers' columns by header key, the id column (tie-breaker) and the default order. */
export interface TableSource {
  headers: readonly Header[];
  columns: Readonly<Record<string, TableColumn>>;
  id: SQL;
  defaultSort: TableSort;
}

/** A parsed list request body (`time_zone` may be left out by the server's own queries: UTC). */
export type ParsedTableQuery = Omit<z.output<typeof tableQuerySchema>, 'time_zone'> & { time_zone?: string };

/** What a list query needs: WHERE of the filters, WHERE of the cursor, ORDER BY, and the sort value to select. */
export interface CompiledTableQuery {
  /** The filters, AND-combined (undefined: none). */
  where: SQL | undefined;
  /** Rows after the cursor (undefined: first page). */
  after: SQL | undefined;
  orderBy: SQL[];
  /** `sort column::text`, to put in the next cursor. */
  sortValue: SQL;
  sort: TableSort;
}

function invalid(field: string, message: string): never {
  throw fail('validation_failed', { detail: `${field}: ${message}`, field });
}

/** `%text%` for (I)LIKE, with `\`, `%` and `_` of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Integer comparisons for a possibly fractional bound: `> 10.5` is `> 10`, `>= 10.5` is `>= 11`, and so on. */
function numberCondition(column: SQL, op: string, value: number): SQL {
  const bound = (rounded: number) => {
    const clamped = Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, rounded));
    return sql`${String(clamped)}::bigint`;
  };
  const whole = Number.isInteger(value);
  switch (op) {
    case 'gt':
      return sql`${column} > ${bound(Math.floor(value))}`;
    case 'gte':
      return sql`${column} >= ${bound(Math.ceil(value))}`;
    case 'lt':
      return sql`${column} < ${bound(Math.ceil(value))}`;
    case 'lte':
      return sql`${column} <= ${bound(Math.floor(value))}`;
    case 'eq':
      return whole ? sql`${column} = ${bound(value)}` : sql`false`;
    default:
      return whole ? sql`${column} is distinct from ${bound(value)}` : sql`true`;
  }
}

/** A date filter over whole days in `timeZone`: a day is [its start there, the next day's start there). */
function dateCondition(
  column: SQL,
  filter: Extract<TableFilter, { kind: 'date' }>,
  field: string,
  timeZone: string,
): SQL {
  const at = (iso: string) => sql`${iso}::timestamptz`;
  const dayStart = (day: string, plusDays = 0) => dayStartIn(day, timeZone, plusDays);
  if (filter.op === 'range') {
    if (filter.from > filter.to) invalid(`${field}.to`, `must not be before "from" (${filter.from})`);
    return sql`(${column} >= ${at(dayStart(filter.from))} and ${column} < ${at(dayStart(filter.to, 1))})`;
  }
  const start = at(dayStart(filter.value));
  const end = at(dayStart(filter.value, 1));
  switch (filter.op) {
    case 'after':
      return sql`${column} >= ${end}`;
    case 'on_or_after':
      return sql`${column} >= ${start}`;
    case 'before':
      return sql`${column} < ${start}`;
    case 'on_or_before':
      return sql`${column} < ${end}`;
    case 'on':
      return sql`(${column} >= ${start} and ${column} < ${end})`;
    default:
      return sql`(${column} is null or ${column} < ${start} or ${column} >= ${end})`;
  }
}

function multiCondition(column: TableColumn, filter: Extract<TableFilter, { kind: 'multi' }>, field: string): SQL {
  const allowed = column.values ?? (column.type === 'boolean' ? ['true', 'false'] : undefined);
  filter.value.forEach((value, index) => {
    if (allowed && !allowed.includes(value)) {
      invalid(`${field}.value.${index}`, `"${value}" is not one of: ${allowed.join(', ')}`);
    }
  });
  const list = sql.join(
    filter.value.map((value) => (column.type === 'boolean' ? sql`${value === 'true'}` : sql`${value}`)),
    sql`, `,
  );
  return filter.op === 'equal'
    ? sql`${column.sql} in (${list})`
    : sql`(${column.sql} is null or ${column.sql} not in (${list}))`;
}

function filterCondition(source: TableSource, filter: TableFilter, index: number, timeZone: string): SQL {
  const field = `filters.${index}`;
  const header = source.headers.find((entry) => entry.key === filter.column);
  const column = source.columns[filter.column];
  if (!header?.filter || !column) invalid(`${field}.column`, `"${filter.column}" cannot be filtered`);
  if (header.filter !== filter.kind) {
    invalid(`${field}.kind`, `"${filter.column}" is filtered as ${header.filter}, not ${filter.kind}`);
  }
  switch (filter.kind) {
    case 'text':
      if (filter.op === 'includes') return sql`${column.sql} ilike ${containsPattern(filter.value)}`;
      if (filter.op === 'equal') return sql`lower(${column.sql}) = lower(${filter.value})`;
      return sql`(${column.sql} is null or lower(${column.sql}) <> lower(${filter.value}))`;
    case 'number':
      return numberCondition(column.sql, filter.op, column.money ? filter.value * 100 : filter.value);
    case 'date':
      return dateCondition(column.sql, filter, field, timeZone);
    default:
      return multiCondition(column, filter, field);
  }
}

function sortColumn(source: TableSource, sort: TableSort): TableColumn {
  const header = source.headers.find((entry) => entry.key === sort.column);
  const column = source.columns[sort.column];
  if (!header?.sortable || !column) invalid('sort.column', `"${sort.column}" cannot be sorted by`);
  return column;
}

const castOf: Record<ColumnSqlType, SQL> = {
  text: sql.raw('text'),
  integer: sql.raw('integer'),
  bigint: sql.raw('bigint'),
  timestamptz: sql.raw('timestamptz'),
  boolean: sql.raw('boolean'),
};

/**
 * Rows after the cursor in `column asc nulls last, id asc` (or `desc nulls first, id desc`): the order a plain
 * ascending (column, id) index gives forwards and backwards.
 */
function afterCursor(source: TableSource, column: TableColumn, sort: TableSort, cursor: Cursor): SQL {
  const { id } = source;
  const ascending = sort.direction === 'asc';
  if (cursor.v === null) {
    return ascending
      ? sql`(${column.sql} is null and ${id} > ${cursor.id})`
      : sql`((${column.sql} is null and ${id} < ${cursor.id}) or ${column.sql} is not null)`;
  }
  const value = sql`${cursor.v}::${castOf[column.type]}`;
  const beyond = ascending
    ? sql`(${column.sql}, ${id}) > (${value}, ${cursor.id})`
    : sql`(${column.sql}, ${id}) < (${value}, ${cursor.id})`;
  return ascending && column.nullable ? sql`(${beyond} or ${column.sql} is null)` : beyond;
}

/** Validates a list request against the list's headers and turns it into SQL; every mistake is a 400 naming it. */
export function compileTableQuery(source: TableSource, query: ParsedTableQuery): CompiledTableQuery {
  const timeZone = query.time_zone ?? 'UTC';
  const conditions = query.filters.map((filter, index) => filterCondition(source, filter, index, timeZone));
  const sort = query.sort ?? source.defaultSort;
  const column = sortColumn(source, sort);
  const cursor = query.cursor ? decodeCursor(query.cursor, sort, column.type) : null;
  const orderBy =
    sort.direction === 'asc'
      ? [sql`${column.sql} asc nulls last`, sql`${source.id} asc`]
      : [sql`${column.sql} desc nulls first`, sql`${source.id} desc`];
  return {
    where: conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined,
    after: cursor ? afterCursor(source, column, sort, cursor) : undefined,
    orderBy,
    sortValue: sql<string | null>`(${column.sql})::text`,
    sort,
  };
}

/** Checks the requested answer columns against the headers; undefined means all. */
export function selectedColumns(source: TableSource, columns: readonly string[] | undefined): Set<string> | undefined {
  if (!columns) return undefined;
  columns.forEach((key, index) => {
    if (!source.headers.some((header) => header.key === key)) invalid(`columns.${index}`, `"${key}" is not a column`);
  });
  return new Set(columns);
}
