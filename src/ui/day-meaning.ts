import { type Day, dayInWords, type TypedDate } from './date-parse';

/**
 * What a typed day means to the call it is sent with (issue 18, item 4: dates are read in the staff member's time zone
 * and said back with it). Pure but for `staffTimeZone`: the zone is an argument everywhere else.
 */

/** When in the day the call acts: from its start, until its end, or at a time of day (a scheduled send at 09:00). */
export type DayAt = 'start' | 'end' | { hour: number; minute: number };

/**
 * A date field whose call depends on the day's boundary. `zone: 'staff'`: the call takes an instant; the day is read in
 * the staff member's zone at `at` (a typed time replaces it) and sent as an ISO instant. `zone: 'UTC'`: the call takes a
 * day and the server counts it in UTC (a shop discount); sent as the day, said with "UTC".
 */
export interface DayMeaning {
  at: DayAt;
  zone: 'staff' | 'UTC';
}

/** The staff member's time zone: the browser's (the session carries none), UTC when the browser names none. */
export function staffTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

type ReadDate = Extract<TypedDate, { ok: true }>;

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time of a day names in a zone, as ISO in UTC (`2026-12-31T23:59:59.000Z`). */
export function zonedInstant(day: Day, time: { hour: number; minute: number; second?: number }, timeZone: string) {
  const wall = Date.UTC(day.year, day.month - 1, day.day, time.hour, time.minute, time.second ?? 0);
  // Twice: the offset at the first guess may differ from the offset at the answer across a DST change.
  const guess = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(guess, timeZone)).toISOString();
}

function zoneOf(meaning: DayMeaning, staffZone: string): string {
  return meaning.zone === 'UTC' ? 'UTC' : staffZone;
}

/**
 * A read date said back with its zone, as the call will take it: "From the start of Thu 31 Dec 2026, Europe/Dublin",
 * "Until the end of Thu 31 Dec 2026, UTC", "Thu 31 Dec 2026, 09:00 Europe/Dublin"; with a typed time, that time.
 * Without a meaning: the day ("Thu 31 Dec 2026").
 */
export function dateInWords(date: ReadDate, meaning: DayMeaning | undefined, staffZone: string): string {
  if (!meaning) return dayInWords(date.day);
  const zone = zoneOf(meaning, staffZone);
  const lead = meaning.at === 'start' ? 'From ' : meaning.at === 'end' ? 'Until ' : '';
  if (date.time && meaning.zone === 'staff') return `${lead}${dayInWords(date.day, date.time, zone)}`;
  if (meaning.at === 'start') return `From the start of ${dayInWords(date.day)}, ${zone}`;
  if (meaning.at === 'end') return `Until the end of ${dayInWords(date.day)}, ${zone}`;
  return dayInWords(date.day, meaning.at, zone);
}

/**
 * What a date field sends for a read date: the day (`2026-12-31`), or for a staff-zone meaning the instant; or why not
 * (a time typed where the call takes a whole day).
 */
export function dateValue(
  date: ReadDate,
  meaning: DayMeaning | undefined,
  staffZone: string,
): { ok: true; value: string } | { ok: false; reason: string } {
  if (meaning?.zone === 'staff') {
    const at =
      date.time ??
      (meaning.at === 'start'
        ? { hour: 0, minute: 0 }
        : meaning.at === 'end'
          ? { hour: 23, minute: 59, second: 59 }
          : meaning.at);
    return { ok: true, value: zonedInstant(date.day, at, staffZone) };
  }
  if (date.time) return { ok: false, reason: 'Type a day without a time: this is a whole day' };
  return { ok: true, value: date.iso };
}
