import type { Header } from '../../../domain/tables';

/** A TAG/STATUS/option value for people: `TRIAL_METERED` → "Trial metered", `true` → "Yes"; codes (`US`) kept. */
export function optionLabel(value: string): string {
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  if (!value.includes('_') && (value.length <= 3 || value !== value.toUpperCase())) return value;
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A date (`DATE`) or date and time (`DATETIME`) in the reader's locale; the raw text when it is not a date. */
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat('en-US');

export function formatDate(value: string, withTime: boolean): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (withTime ? dateTimeFormat : dateFormat).format(date);
}

/** A number with thousands separators (`12,345`). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Reads "used/max" into numbers; undefined when it is not that shape. */
export function parseProgress(value: string): { used: number; max: number } | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return undefined;
  return { used: Number(match[1]), max: Number(match[2]) };
}

const widths: Record<Header['type'], number> = {
  TEXT: 140,
  NUMBER: 84,
  DATE: 110,
  DATETIME: 150,
  CURRENCY: 120,
  TAG: 150,
  LINK: 110,
  STATUS: 104,
  PROGRESS: 130,
  ROW_MENU: 44,
  BOOLEAN_CHECK: 96,
};

/** A column's width in pixels: by type, wider for e-mails. */
export function columnWidth(header: Header): number {
  if (header.key.includes('email') && header.type === 'TEXT') return 210;
  return widths[header.type];
}

/** The CSS grid columns shared by the header and every row: text columns share the spare width. */
export function gridTemplate(headers: readonly Header[]): string {
  return headers
    .map((header) => (header.type === 'TEXT' ? `minmax(${columnWidth(header)}px, 1fr)` : `${columnWidth(header)}px`))
    .join(' ');
}

/** The narrowest the columns get; wider tables scroll sideways. */
export function minimumWidth(headers: readonly Header[]): number {
  return headers.reduce((sum, header) => sum + columnWidth(header), 0);
}
