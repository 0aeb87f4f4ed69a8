import { z } from 'zod';
import { maxId } from '../../domain/endpoint';
import type { TableSort } from '../../domain/table-query';
import { fail } from '../http/errors';
import { hasLoneSurrogate } from '../http/text';
import type { ColumnSqlType } from './filter-sql';

/** A position in a sorted list: the sort it belongs to, the last row's sort value (as SQL text) and its id. */
export interface Cursor {
  /** `column:direction` of the sort the cursor was made for. */
  s: string;
  v: string | null;
  id: number;
}

const cursorSchema = z.strictObject({
  s: z.string().max(200),
  v: z.string().max(500).nullable(),
  id: z.number().int().min(1).max(maxId),
});

function withinIntegers(text: string, bits: 32 | 64): boolean {
  const limit = 2n ** BigInt(bits - 1);
  const value = BigInt(text);
  return value >= -limit && value < limit;
}

const timestampPattern =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)$/;

/** A real calendar moment as PostgreSQL writes a timestamptz (`2026-01-10 12:34:56.123456+00`), years 1–9999. */
function isTimestamp(text: string): boolean {
  const match = timestampPattern.exec(text);
  if (!match) return false;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day] = [part(1), part(2), part(3)];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && year >= 1 && part(4) < 24 && part(5) < 60 && part(6) < 60 && part(9) <= 15 && part(10) < 60;
}

/** What a sort value may look like per column type, so casting it back in SQL can never fail. */
const valueShape: Record<ColumnSqlType, (value: string) => boolean> = {
  text: (value) => !value.includes('\u0000') && !hasLoneSurrogate(value),
  integer: (value) => /^-?\d{1,10}$/.test(value) && withinIntegers(value, 32),
  bigint: (value) => /^-?\d{1,19}$/.test(value) && withinIntegers(value, 64),
  timestamptz: isTimestamp,
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
