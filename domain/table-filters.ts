import type { FilterKind } from './tables';

/**
 * Table filters without the schema library: operators, labels, the day range, and `isTableFilter`, which the console's
 * tables use to read filters from a URL on the first screen. `domain/table-query.ts` holds the zod schemas the server
 * validates with and re-exports this; a unit test holds `isTableFilter` to `tableFilterSchema` on generated input.
 */

/** Filter operators by column kind (data-and-calls-spec §5). */
export const filterOperators = {
  text: ['equal', 'includes', 'not_equal'],
  number: ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'],
  date: ['after', 'on_or_after', 'before', 'on_or_before', 'on', 'not_on', 'range'],
  multi: ['equal', 'not_equal'],
} as const satisfies Record<FilterKind, readonly string[]>;

/** How people read each operator (filter chips, the filter editor). */
export const operatorLabels: Record<string, string> = {
  equal: 'is',
  includes: 'contains',
  not_equal: 'is not',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  neq: '≠',
  after: 'after',
  on_or_after: 'on or after',
  before: 'before',
  on_or_before: 'on or before',
  on: 'on',
  not_on: 'not on',
  range: 'between',
};

/** The date operators that take one day (all but `range`). */
export const dayOperators = [
  'after',
  'on_or_after',
  'before',
  'on_or_before',
  'on',
  'not_on',
] as const satisfies readonly Exclude<(typeof filterOperators.date)[number], 'range'>[];

/** The days a date filter may name: wide enough for any record, narrow enough for every database and `Date`. */
export const filterDayRange = { min: '1900-01-01', max: '2999-12-31' } as const;

/**
 * One filter. `kind` must match the column's filter kind in the table's `headers`; the value's type follows the kind.
 * Date filters compare whole days in the request's `time_zone` (`range` includes both ends). `tableFilterSchema` parses exactly these.
 */
export type TableFilter =
  | { kind: 'text'; column: string; op: (typeof filterOperators.text)[number]; value: string }
  | { kind: 'number'; column: string; op: (typeof filterOperators.number)[number]; value: number }
  | { kind: 'date'; column: string; op: (typeof dayOperators)[number]; value: string }
  | { kind: 'date'; column: string; op: 'range'; from: string; to: string }
  | { kind: 'multi'; column: string; op: (typeof filterOperators.multi)[number]; value: string[] };

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` within `filterDayRange`. */
function isFilterDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = isoDay.exec(value);
  if (!match || value < filterDayRange.min || value > filterDayRange.max) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function hasOnlyKeys(value: object, keys: readonly string[]): boolean {
  return Object.keys(value).every((key) => keys.includes(key));
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** The value is one filter exactly as `tableFilterSchema` accepts it. */
export function isTableFilter(value: unknown): value is TableFilter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const filter = value as Record<string, unknown>;
  const { kind, column, op } = filter;
  if (typeof column !== 'string' || column.length < 1 || column.length > 64) return false;
  const keys = ['kind', 'column', 'op', 'value'];
  switch (kind) {
    case 'text':
      return (
        hasOnlyKeys(filter, keys) &&
        isOneOf(filterOperators.text, op) &&
        typeof filter.value === 'string' &&
        filter.value.length <= 200
      );
    case 'number':
      return hasOnlyKeys(filter, keys) && isOneOf(filterOperators.number, op) && Number.isFinite(filter.value);
    case 'multi':
      return (
        hasOnlyKeys(filter, keys) &&
        isOneOf(filterOperators.multi, op) &&
        Array.isArray(filter.value) &&
        filter.value.length >= 1 &&
        filter.value.length <= 100 &&
        filter.value.every((item) => typeof item === 'string' && item.length <= 100)
      );
    case 'date':
      if (op === 'range') {
        return (
          hasOnlyKeys(filter, ['kind', 'column', 'op', 'from', 'to']) &&
          isFilterDay(filter.from) &&
          isFilterDay(filter.to)
        );
      }
      return hasOnlyKeys(filter, keys) && isOneOf(dayOperators, op) && isFilterDay(filter.value);
    default:
      return false;
  }
}
