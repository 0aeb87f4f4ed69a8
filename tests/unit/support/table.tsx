import { vi } from 'vitest';
import type { Header } from '../../../domain/tables';

/** Gives every element a layout box, so TanStack Virtual renders rows in happy-dom (it reads clientHeight/Width). */
export function stubLayout(height = 600, width = 1200): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width);
}

/** Renders at a URL inside a fresh SWR cache and a router. */
export function header(key: string, label: string, type: Header['type'], extra: Partial<Header> = {}): Header {
  const filters: Partial<Record<Header['type'], Header['filter']>> = {
    TEXT: 'text',
    NUMBER: 'number',
    DATE: 'date',
    DATETIME: 'date',
    CURRENCY: 'number',
    TAG: 'multi',
    STATUS: 'multi',
    BOOLEAN_CHECK: 'multi',
  };
  return {
    key,
    label,
    type,
    sortable: type !== 'ROW_MENU',
    filter: filters[type] ?? null,
    default_visible: true,
    ...extra,
  };
}

/** The customers table's headers, as the server sends them (a subset: one column per type). */
export const customerHeaders: Header[] = [
  header('id', 'ID', 'NUMBER'),
  header('email', 'E-mail', 'TEXT'),
  header('status', 'Status', 'STATUS', { options: ['ACTIVE', 'SUSPENDED'] }),
  header('country', 'Country', 'TAG', { options: ['US', 'GB', 'DE'], default_visible: false }),
  header('date_added', 'Date added', 'DATETIME'),
  header('last_charge_amount', 'Last charge', 'CURRENCY'),
  header('photos_for_trial', 'Trial photos', 'PROGRESS', { default_visible: false }),
  header('charge_failed', 'Charge failed', 'BOOLEAN_CHECK', { options: ['true', 'false'], default_visible: false }),
  header('quick_actions', 'Actions', 'ROW_MENU'),
];
