import { proxy } from 'valtio';
import type { BulkTarget } from '../../domain/bulk';

/** What the page's table has selected, as a bulk run names it: ids, or the whole filter (selected by the server). */
export interface BulkSelection {
  target: BulkTarget;
  count: number;
}

/** The selection of the open table (the all-customers list sets it): the palette and row menus offer bulk commands. */
export const bulkSelection = proxy<{ current: BulkSelection | null }>({ current: null });

export function setBulkSelection(selection: BulkSelection | null): void {
  bulkSelection.current = selection;
}

const count = new Intl.NumberFormat('en-US');

/** "12 customers", "1 customer". */
export function customersCount(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'customer' : 'customers'}`;
}
