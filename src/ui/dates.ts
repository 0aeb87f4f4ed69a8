/**
 * The console's one date format: `24 Nov 2026` for a day and `24 Nov 2026, 14:05` for a moment, in the staff
 * member's own time zone (the browser's), 24-hour clock. Calendar days the server sends as `YYYY-MM-DD` (contract
 * starts and ends) are shown as that day, without a time zone shift. Built from numeric parts with our own month
 * names, so every browser and ICU version writes the same text (en-GB spells September "Sept" in some).
 */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
};
const localParts = new Intl.DateTimeFormat('en-US', partsOptions);

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function partsOf(value: string, timeZone?: string): Parts | undefined {
  const day = calendarDay.exec(value);
  if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0 };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...partsOptions, timeZone }) : localParts;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

function dayText(parts: Parts): string {
  return `${parts.day} ${months[parts.month - 1] ?? '?'} ${parts.year}`;
}

/** A day: `24 Nov 2026`. A timestamp's day in the staff member's time zone; a dash when empty; raw text if not a date. */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  const parts = partsOf(value, timeZone);
  return parts ? dayText(parts) : value;
}

/** A moment: `24 Nov 2026, 14:05` in the staff member's time zone; a dash when empty; raw text if not a date. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  if (calendarDay.test(value)) return formatDate(value);
  const parts = partsOf(value, timeZone);
  if (!parts) return value;
  const time = `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
  return `${dayText(parts)}, ${time}`;
}

/** A time of day only: `14:05`, for what happens within minutes (a link that expires). */
export function formatTime(value: string | null | undefined, timeZone?: string): string {
  const text = formatDateTime(value, timeZone);
  const comma = text.lastIndexOf(', ');
  return comma >= 0 ? text.slice(comma + 2) : text;
}
