import type { Header } from '../../../domain/tables';

/**
 * A TAG/STATUS/option value for people: the label the column's header sends (`option_labels`, the domain's one
 * label per value: `CORPORATE_CONTRACT` → "Annual plan"); without one, `TRIAL_METERED` → "Trial metered",
 * `true` → "Yes"; codes (`US`) kept.
 */
export function optionLabel(value: string, labels?: Readonly<Record<string, string>>): string {
  const given = labels?.[value];
  if (given) return given;
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  if (!value.includes('_') && (value.length <= 3 || value !== value.toUpperCase())) return value;
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const numberFormat = new Intl.NumberFormat('en-US');

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
  // Room for its header, "Actions", in 11 px type: a header is never empty.
  ROW_MENU: 60,
  BOOLEAN_CHECK: 96,
};

let measuring: CanvasRenderingContext2D | null | undefined;

/** A header label's width in the header's type (11 px, medium), measured by the browser; estimated without a canvas. */
function headerTextWidth(text: string): number {
  if (measuring === undefined) {
    measuring = globalThis.document?.createElement('canvas').getContext?.('2d') ?? null;
    if (measuring) measuring.font = `500 11px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  }
  return measuring ? measuring.measureText(text).width : text.length * 7.5;
}

/** Room for a header's label on one line, with the cell's padding, its sort arrow and its filter button. */
function labelWidth(header: Header): number {
  if (header.type === 'ROW_MENU') return 0;
  const padding = 16 + 2;
  return Math.ceil(headerTextWidth(header.label)) + padding + (header.sortable ? 16 : 0) + (header.filter ? 22 : 0);
}

/** Room for the widest badge a STATUS or TAG column can show (its option labels), with the badge's and cell's padding. */
function badgeWidth(header: Header): number {
  if ((header.type !== 'STATUS' && header.type !== 'TAG') || !header.option_labels) return 0;
  // TAG badges are set at 12 px, STATUS at 11 px (the measure's size); at most 240 px, longer ones are cut.
  const scale = header.type === 'TAG' ? 12 / 11 : 1;
  const widest = Math.max(0, ...Object.values(header.option_labels).map((label) => headerTextWidth(label) * scale));
  return Math.min(240, Math.ceil(widest) + 16 + 14);
}

/**
 * A column's width in pixels: by type, wider for e-mails, never narrower than its header's label, and a badge column
 * as wide as its widest badge ("Waiting for training" is not cut).
 */
export function columnWidth(header: Header): number {
  // 190: the all-customers defaults fit a 1440 px screen beside the navigation, so no amount starts under the sticky
  // actions column (at 210 the last column's cents were hidden there); a longer address is cut with its title to read.
  const byType = header.key.includes('email') && header.type === 'TEXT' ? 190 : widths[header.type];
  return Math.max(byType, labelWidth(header), badgeWidth(header));
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
