import { z } from 'zod';
import { dayOperators, filterDayRange, filterOperators, type TableFilter } from './table-filters';
import { isTimeZone } from './time-zone';

export {
  filterDayRange,
  filterOperators,
  isTableFilter,
  operatorLabels,
  type TableFilter,
} from './table-filters';

const column = z.string().min(1).max(64);
/** A real calendar day, `YYYY-MM-DD`, counted in the query's `time_zone` (`2024-02-30`, `0000-01-01`, `9999-12-31`: 400s). */
const day = z.iso
  .date({ error: 'must be a date as YYYY-MM-DD' })
  .refine(
    (value) => value >= filterDayRange.min && value <= filterDayRange.max,
    `must be a date from ${filterDayRange.min} to ${filterDayRange.max}`,
  );

const dateFilterSchema = z.discriminatedUnion('op', [
  z.strictObject({ kind: z.literal('date'), column, op: z.enum(dayOperators), value: day }),
  z.strictObject({ kind: z.literal('date'), column, op: z.literal('range'), from: day, to: day }),
]);

/**
 * One filter. `kind` must match the column's filter kind in the table's `headers`; the value's type follows the kind.
 * Date filters compare whole days in the request's `time_zone` (`range` includes both ends).
 */
export const tableFilterSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('text'),
    column,
    op: z.enum(filterOperators.text),
    value: z.string().max(200, 'must be at most 200 characters'),
  }),
  z.strictObject({ kind: z.literal('number'), column, op: z.enum(filterOperators.number), value: z.number() }),
  dateFilterSchema,
  z.strictObject({
    kind: z.literal('multi'),
    column,
    op: z.enum(filterOperators.multi),
    value: z.array(z.string().max(100)).min(1, 'choose at least one value').max(100),
  }),
]) satisfies z.ZodType<TableFilter>;

/**
 * The IANA time zone a list request's date filters count their days in (the staff member's: `Europe/Dublin`); a day
 * is [its start there, the next day's start there). UTC when absent.
 */
export const filterTimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone such as Europe/Dublin or UTC')
  .default('UTC');

export const sortSchema = z.strictObject({ column, direction: z.enum(['asc', 'desc']) });
export type TableSort = z.infer<typeof sortSchema>;

/**
 * The body of a filtered list call (e.g. `POST users/users_filter`). Every part is optional: `{}` lists everything in
 * the default order, first page. Filters combine with AND. Paging is by cursor: pass the previous answer's
 * `meta.next_cursor` to get the rows after it (fast at any depth).
 */
export const tableQuerySchema = z.strictObject({
  filters: z.array(tableFilterSchema).max(20, 'at most 20 filters').default([]),
  sort: sortSchema.optional(),
  /** Columns to answer with (the row's id and quick actions always come); all when absent. */
  columns: z.array(column).max(100).optional(),
  page_size: z.number().int().min(1).max(500).default(100),
  cursor: z.string().max(500).nullable().optional(),
  /** The zone the date filters' days are read in; UTC when absent. */
  time_zone: filterTimeZoneSchema,
});
export type TableQuery = z.input<typeof tableQuerySchema>;

/** The paging part of a filtered list answer's `meta`; each list adds its own total (e.g. `total_number_of_users`). */
export const pageMetaSchema = z.object({
  /** True when the list's total is the planner's estimate (counting exactly would be too slow). */
  total_is_estimate: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** The order the rows are in (the default one when the request named none). */
  sort: sortSchema,
});
