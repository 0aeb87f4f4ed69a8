import type { Header } from '../../../domain/tables';

/**
 * A column the console declares itself, for a list whose answer carries no `headers` (bulk runs, staff, bundles):
 * shown by default, not sortable and not filterable unless `extra` says so (e.g. `{ options, option_labels }` for a
 * STATUS or TAG column).
 */
export function localColumn(key: string, label: string, type: Header['type'], extra: Partial<Header> = {}): Header {
  return { key, label, type, sortable: false, filter: null, default_visible: true, ...extra };
}
