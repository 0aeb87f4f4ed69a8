import { z } from 'zod';
import type { TableSort } from '../../domain/table-query';
import { fail } from '../http/errors';
import type { ColumnSqlType } from './filter-sql';

/** A position in a sorted list: the sort it belongs to, the last row's sort value (as SQL text) and its id. */
export interface Cursor {
  /** `column:direction` of the sort the cursor was made for. */
  s: string;
  v: string | null;
  id: number;
}

const cursorSchema = z.strictObject({ s: z.string(), v: z.string().nullable(), id: z.number().int() });

const valueShape: Record<ColumnSqlType, (value: string) => boolean> = {
  text: () => true,
  integer: (value) => /^-?\d{1,10}$/.test(value),
  bigint: (value) => /^-?\d{1,19}$/.test(value),
  timestamptz: (value) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)$/.test(value),
  boolean: (value) => value === 'true' || value === 'false',
};

function sortKey(sort: TableSort): string {
  return `${sort.column}:${sort.direction}`;
}

/** The opaque cursor after a row: base64url JSON of the sort, the row's sort value and id. */
export function encodeCursor(sort: TableSort, value: string | null, id: number): string {
  const cursor: Cursor = { s: sortKey(sort), v: value, id };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Reads a cursor made by `encodeCursor` for this sort; anything else is a 400 on `cursor`. */
export function decodeCursor(text: string, sort: TableSort, type: ColumnSqlType): Cursor {
  const invalid = (message: string) => fail('validation_failed', { detail: `cursor: ${message}`, field: 'cursor' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor this list gave out');
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw invalid('is not a cursor this list gave out');
  const cursor = result.data;
  if (cursor.s !== sortKey(sort)) {
    throw invalid(`was made for the sort ${cursor.s}, not ${sortKey(sort)}; start again without a cursor`);
  }
  if (cursor.v !== null && !valueShape[type](cursor.v)) throw invalid('is not a cursor this list gave out');
  return cursor;
}
