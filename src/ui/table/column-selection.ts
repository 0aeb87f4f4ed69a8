import type { Header } from '../../../domain/tables';

const prefix = 'loupe.table.';

/** The localStorage key of a table's chosen columns. */
export function columnsStorageKey(tableId: string): string {
  return `${prefix}${tableId}.columns`;
}

/** The columns this person chose for the table before, if any. */
export function storedColumns(tableId: string): string[] | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(columnsStorageKey(tableId));
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return Array.isArray(value) && value.every((key) => typeof key === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the chosen columns of a table. */
export function storeColumns(tableId: string, keys: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(columnsStorageKey(tableId), JSON.stringify(keys));
  } catch {}
}

/** The headers' default columns. */
export function defaultColumns(headers: readonly Header[]): string[] {
  return headers.filter((header) => header.default_visible).map((header) => header.key);
}

/** The headers to show: the address's columns, else the remembered ones, else the defaults; unknown keys dropped. */
export function visibleHeaders(
  headers: readonly Header[],
  fromUrl: readonly string[] | undefined,
  remembered: readonly string[] | undefined,
): Header[] {
  const byKey = new Map(headers.map((header) => [header.key, header]));
  const chosen = (fromUrl ?? remembered ?? defaultColumns(headers)).filter((key) => byKey.has(key));
  const keys = chosen.length ? chosen : defaultColumns(headers);
  return keys.map((key) => byKey.get(key)).filter((header): header is Header => header !== undefined);
}
