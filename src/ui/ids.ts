/**
 * Ids are shown one way across the console: `#1234` — a hash and the plain digits, no thousands separator — in
 * headings, facts, table cells, the palette and link texts alike. Paths and form values keep the bare number.
 */
export function formatId(id: number | string): string {
  return `#${id}`;
}

/** Whether a table column holds ids (`id`, `user_id`, `charge_id`…), which are shown with `formatId`. */
export function isIdColumn(key: string): boolean {
  return key === 'id' || key.endsWith('_id');
}
