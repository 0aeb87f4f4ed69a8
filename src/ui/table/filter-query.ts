import type { TableFilter, TableSort } from '../../../domain/table-query';
import { staffTimeZone } from '../day-meaning';
import type { TableState } from './types';

/** A table state's part of a list request: its filters and sort, and the zone its date filters' days are read in. */
export interface FilterQuery {
  filters: TableFilter[];
  sort?: TableSort;
  time_zone: string;
}

/**
 * The filters and sort of a table state as a list call takes them, with the staff member's time zone: a day typed or
 * carried in a link (`?f=date_added:date:on:2026-11-01`) is that day where the person reading the table is.
 */
export function filterQueryOf(state: Pick<TableState, 'filters' | 'sort'>, timeZone = staffTimeZone()): FilterQuery {
  return { filters: state.filters, ...(state.sort ? { sort: state.sort } : {}), time_zone: timeZone };
}
