/**
 * The console's one reader of typed dates: `2026-12-31`, `31/12`, `31/12/2026`, `31 Dec`, `Dec 31 2026`, `today`,
 * `tomorrow`, `+7d`, `-2w`, `+1m`, `next monday`, `fri`, each optionally followed by a time (`23:59`). Read in the staff
 * member's time zone: "today" is their today. A day typed without a year is its next occurrence from today (31/01
 * typed in December is next January). Pure: the clock and the zone are arguments.
 */

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const monthWords = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const dayWords = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The years a typed date may fall in; outside them it is a typo (`0026`, `+99999d`). */
export const earliestYear = 1900;
export const latestYear = 2199;

/** A calendar day. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** What a typed date reads as: the day (and time, when one was typed), or why it cannot be read. */
export type TypedDate =
  | { ok: true; day: Day; iso: string; time?: { hour: number; minute: number }; words: string }
  | { ok: false; reason: string };

const dayMs = 86_400_000;

function utcDays(day: Day): number {
  return Date.UTC(day.year, day.month - 1, day.day) / dayMs;
}

function fromUtcDays(days: number): Day {
  const date = new Date(days * dayMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Today in a time zone (the browser's when none is given). */
export function todayIn(now: Date, timeZone?: string): Day {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone })
    .formatToParts(now)
    .reduce<Record<string, number>>((all, part) => {
      if (part.type !== 'literal') all[part.type] = Number(part.value);
      return all;
    }, {});
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1 };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2026-12-31`. */
export function isoDay(day: Day): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/** `Thu 31 Dec 2026`, with `, 23:59` when a time was typed, and the zone it was read in. */
export function dayInWords(day: Day, time?: { hour: number; minute: number }, timeZone?: string): string {
  const weekday = dayWords[new Date(utcDays(day) * dayMs).getUTCDay()];
  const text = `${weekday} ${day.day} ${shortMonths[day.month - 1]} ${day.year}`;
  if (!time) return text;
  return `${text}, ${pad(time.hour)}:${pad(time.minute)}${timeZone ? ` ${timeZone}` : ''}`;
}

function checkedDay(year: number, month: number, day: number): Day | string {
  if (!Number.isInteger(year) || year < earliestYear || year > latestYear)
    return `The year must be between ${earliestYear} and ${latestYear}`;
  if (month < 1 || month > 12) return 'There are only 12 months';
  if (day < 1 || day > daysIn(year, month))
    return `There is no ${day} ${monthWords[month - 1]}${day <= 31 ? ` in ${year}` : ''}`;
  return { year, month, day };
}

/** A day without its year: this year's, or next year's when this year's is already past. */
function nextOccurrence(today: Day, month: number, day: number): Day | string {
  if (month < 1 || month > 12) return 'There are only 12 months';
  // 29 February: the next year that has one.
  for (let year = today.year; year <= today.year + 8; year += 1) {
    if (day > daysIn(year, month)) continue;
    const candidate = { year, month, day };
    if (utcDays(candidate) >= utcDays(today)) return candidate;
  }
  return `There is no ${day} ${monthWords[month - 1]}`;
}

function monthOf(word: string): number | undefined {
  const index = monthNames.indexOf(word.slice(0, 3) as (typeof monthNames)[number]);
  return index >= 0 && monthWords[index]?.toLowerCase().startsWith(word) ? index + 1 : undefined;
}

function weekdayOf(word: string): number | undefined {
  const index = dayNames.indexOf(word.slice(0, 3) as (typeof dayNames)[number]);
  if (index < 0) return undefined;
  const full = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][index] ?? '';
  return full.startsWith(word) ? index : undefined;
}

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

const maxOffsetDays = 3650;

/** The day part of a typed text (no time): a Day, or why not. */
function readDay(text: string, today: Day): Day | string | undefined {
  if (text === 'today' || text === 'now') return today;
  if (text === 'tomorrow') return fromUtcDays(utcDays(today) + 1);
  if (text === 'yesterday') return fromUtcDays(utcDays(today) - 1);
  let match = /^([+-])\s*(\d{1,6})\s*(d|w|m|y)?$/.exec(text);
  if (match) {
    const sign = match[1] === '-' ? -1 : 1;
    const count = Number(match[2]);
    const unit = match[3] ?? 'd';
    if (unit === 'd' || unit === 'w') {
      const days = count * (unit === 'w' ? 7 : 1);
      if (days > maxOffsetDays) return `At most ${maxOffsetDays} days (10 years) from today`;
      return fromUtcDays(utcDays(today) + sign * days);
    }
    const months = count * (unit === 'y' ? 12 : 1);
    if (months > 120) return 'At most 10 years from today';
    const index = today.year * 12 + (today.month - 1) + sign * months;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    return { year, month, day: Math.min(today.day, daysIn(year, month)) };
  }
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return checkedDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2}|\d{4}))?$/.exec(text);
  if (match) {
    const day = Number(match[1]);
    const month = Number(match[2]);
    if (match[3]) return checkedDay(fullYear(match[3]), month, day);
    if (month >= 1 && month <= 12 && (day < 1 || day > daysIn(2024, month)))
      return `There is no ${day} ${monthWords[month - 1]}`;
    return nextOccurrence(today, month, day);
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?(?:\s+(\d{4}))?$/.exec(text) ?? null;
  const wordFirst = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$/.exec(text);
  if (match || wordFirst) {
    const [day, word, year] = match ? [match[1], match[2], match[3]] : [wordFirst?.[2], wordFirst?.[1], wordFirst?.[3]];
    const month = monthOf(word ?? '');
    if (month === undefined) return undefined;
    if (year) return checkedDay(Number(year), month, Number(day));
    if (Number(day) < 1 || Number(day) > daysIn(2024, month)) return `There is no ${day} ${monthWords[month - 1]}`;
    return nextOccurrence(today, month, Number(day));
  }
  match = /^(next\s+|this\s+)?([a-z]+)$/.exec(text);
  if (match) {
    const weekday = weekdayOf(match[2] ?? '');
    if (weekday === undefined) return undefined;
    const todayWeekday = new Date(utcDays(today) * dayMs).getUTCDay();
    const ahead = (weekday - todayWeekday + 7) % 7 || 7;
    return fromUtcDays(utcDays(today) + ahead);
  }
  return undefined;
}

/** What a typed date means, read in `timeZone` at `now`; an empty text is not a date (the caller decides). */
export function parseTypedDate(typed: string, now: Date = new Date(), timeZone?: string): TypedDate {
  const text = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return { ok: false, reason: 'Type a date' };
  const timed = /^(.*?)(?:,|\s+at|\s)\s*(\d{1,2}):(\d{2})$/.exec(text);
  const dayText = timed ? (timed[1] ?? '').trim() : text;
  let time: { hour: number; minute: number } | undefined;
  if (timed) {
    const hour = Number(timed[2]);
    const minute = Number(timed[3]);
    if (hour > 23 || minute > 59) return { ok: false, reason: `${timed[2]}:${timed[3]} is not a time of day` };
    time = { hour, minute };
  }
  const day = readDay(dayText, todayIn(now, timeZone));
  if (day === undefined) {
    return { ok: false, reason: 'Not a date: type e.g. 2026-12-31, 31/12, 31 Dec, tomorrow, +7d or next monday' };
  }
  if (typeof day === 'string') return { ok: false, reason: day };
  if (day.year < earliestYear || day.year > latestYear) {
    return { ok: false, reason: `The year must be between ${earliestYear} and ${latestYear}` };
  }
  return { ok: true, day, iso: isoDay(day), ...(time ? { time } : {}), words: dayInWords(day, time, timeZone) };
}
