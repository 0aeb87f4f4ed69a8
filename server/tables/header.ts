import type { Header } from '../../domain/tables';

/** A visible table column; sortable exactly when it has a filter kind (`null`: neither filters nor sorts). */
export function tableHeader(
  key: string,
  label: string,
  type: Header['type'],
  filter: Header['filter'],
  extra: Partial<Header> = {},
): Header {
  return { key, label, type, sortable: filter !== null, filter, default_visible: true, ...extra };
}
