import { isTableFilter } from './table-filters';
import type { TableFilter, TableSort } from './table-query';

/**
 * A table's filters, sort and columns as the address carries them (`?f=…&sort=…&cols=…`): the console's tables keep
 * their state there, and the calls that answer a file for a table (the audit trail's CSV) read the same address.
 */
export interface TableState {
  filters: TableFilter[];
  sort?: TableSort;
  columns?: string[];
}

const ownKeys = new Set(['f', 'sort', 'cols']);

/** Escapes what would break the compact form (`%&#+=` , `:` and `,` inside a value), keeping the rest readable. */
function escapePart(value: string): string {
  return value.replace(/[%&#+=:,\s?/]/g, (char) => encodeURIComponent(char));
}

function unescapePart(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** One filter as `column:kind:op:value` (multi: `a,b`; range: `from..to`). */
export function filterToParam(filter: TableFilter): string {
  const head = `${escapePart(filter.column)}:${filter.kind}:${filter.op}`;
  if (filter.kind === 'multi') return `${head}:${filter.value.map(escapePart).join(',')}`;
  if (filter.kind === 'date' && filter.op === 'range') return `${head}:${filter.from}..${filter.to}`;
  return `${head}:${escapePart(String(filter.value))}`;
}

/** Reads `column:kind:op:value` (raw, still escaped); undefined when it is not a valid filter. */
export function filterFromParam(raw: string): TableFilter | undefined {
  const text = raw.includes(':') ? raw : unescapePart(raw);
  const [column, kind, op, ...rest] = text.split(':');
  if (!column || !kind || !op) return undefined;
  const value = rest.join(':');
  const base = { column: unescapePart(column), kind, op };
  let candidate: unknown;
  if (kind === 'multi') candidate = { ...base, value: value.split(',').map(unescapePart) };
  else if (kind === 'number') candidate = { ...base, value: value === '' ? Number.NaN : Number(unescapePart(value)) };
  else if (kind === 'date' && op === 'range') {
    const [from, to] = value.split('..');
    candidate = { ...base, from, to };
  } else candidate = { ...base, value: unescapePart(value) };
  return isTableFilter(candidate) ? candidate : undefined;
}

function sortToParam(sort: TableSort): string {
  return `${sort.direction === 'desc' ? '-' : ''}${escapePart(sort.column)}`;
}

function sortFromParam(raw: string): TableSort | undefined {
  const desc = raw.startsWith('-');
  const column = unescapePart(desc ? raw.slice(1) : raw);
  return column ? { column, direction: desc ? 'desc' : 'asc' } : undefined;
}

function rawPairs(search: string): [string, string][] {
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return [];
  return text.split('&').flatMap((pair): [string, string][] => {
    if (!pair) return [];
    const at = pair.indexOf('=');
    return at < 0 ? [[unescapePart(pair), '']] : [[unescapePart(pair.slice(0, at)), pair.slice(at + 1)]];
  });
}

/** The table state in a query string (`?f=country:multi:equal:US,GB&sort=-date_added&cols=id,email`); invalid parts are dropped. */
export function tableStateFromSearch(search: string): TableState {
  const state: TableState = { filters: [] };
  for (const [key, value] of rawPairs(search)) {
    if (key === 'f') {
      const filter = filterFromParam(value);
      if (filter) state.filters.push(filter);
    } else if (key === 'sort') state.sort = sortFromParam(value);
    else if (key === 'cols') {
      const text = value.includes(',') ? value : unescapePart(value);
      state.columns = text.split(',').map(unescapePart).filter(Boolean);
    }
  }
  return state;
}

/** Writes the table state into a query string, keeping the other parameters (e.g. `q`) as they were. */
export function tableStateToSearch(state: TableState, search = ''): string {
  const kept = rawPairs(search)
    .filter(([key]) => !ownKeys.has(key))
    .map(([key, value]) => `${escapePart(key)}=${value}`);
  const own = [
    ...state.filters.map((filter) => `f=${filterToParam(filter)}`),
    ...(state.sort ? [`sort=${sortToParam(state.sort)}`] : []),
    ...(state.columns ? [`cols=${state.columns.map(escapePart).join(',')}`] : []),
  ];
  const all = [...kept, ...own];
  return all.length ? `?${all.join('&')}` : '';
}
