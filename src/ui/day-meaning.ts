import { wallClockIn, zonedInstant } from '../../domain/time-zone';
import { dayInWords, type TypedDate } from './date-parse';

export { zonedInstant };

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

/**
 * An instant the console sent (a scheduled send, a banner's start) said back as the date fields say a typed date, in
 * the staff member's zone and naming it: "Thu 31 Dec 2026, 23:59 Europe/Dublin". Text that is not an instant is
 * returned as it is.
 */
export function instantInWords(iso: string, staffZone: string = staffTimeZone()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { day, time } = wallClockIn(at, staffZone);
  return dayInWords(day, time, staffZone);
}
