import type { TableSort } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { parseProgress } from './format';

function sortValue(value: unknown, type: Header['type'] | undefined): number | string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object' && 'amount' in value && 'multiplier' in value) {
    const money = value as { amount: number; multiplier: number };
    return money.amount / money.multiplier;
  }
  if (type === 'PROGRESS') return parseProgress(String(value))?.used ?? String(value);
  return String(value).toLowerCase();
}

/** Rows sorted in the browser (small lists: search results, last viewed); a stable sort, empty values last. */
export function sortRowsLocally<R>(rows: readonly R[], sort: TableSort | undefined, headers: readonly Header[]): R[] {
  if (!sort) return [...rows];
  const type = headers.find((header) => header.key === sort.column)?.type;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: sortValue((row as Record<string, unknown>)[sort.column], type) }))
    .sort((a, b) => {
      if (a.key === '' && b.key !== '') return 1;
      if (b.key === '' && a.key !== '') return -1;
      if (a.key < b.key) return -sign;
      if (a.key > b.key) return sign;
      return a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The next sort when a header is activated: ascending → descending → the default order. */
export function nextSort(current: TableSort | undefined, column: string): TableSort | undefined {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : undefined;
}
