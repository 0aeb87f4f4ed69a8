/**
 * Days and instants in a named time zone (IANA: `Europe/Dublin`), with the runtime's own zone data (`Intl`): the
 * console reads typed days in the staff member's zone, and the server counts a date filter's day in the zone the
 * request names, with the same arithmetic.
 */

/** A calendar day. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The name is a time zone this runtime knows (`Europe/Dublin`, `Asia/Tokyo`, `UTC`); not `Mars/Base`, not `+01:00`. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone (24-hour clock). */
function wallPartsIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
function offsetMs(at: number, timeZone: string): number {
  const wall = wallPartsIn(new Date(at), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time of a day names in a zone, as ISO in UTC (`2026-12-31T23:59:59.000Z`). */
export function zonedInstant(
  day: CalendarDay,
  time: { hour: number; minute: number; second?: number },
  timeZone: string,
): string {
  const wall = Date.UTC(day.year, day.month - 1, day.day, time.hour, time.minute, time.second ?? 0);
  // Twice: the offset at the first guess may differ from the offset at the answer across a DST change.
  const guess = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(guess, timeZone)).toISOString();
}

/**
 * The instant a day (`2026-12-31`) starts in a zone, `plusDays` days later: `[dayStartIn(d, z), dayStartIn(d, z, 1))`
 * is the whole day there, 23 or 25 hours long across a DST change.
 */
export function dayStartIn(isoDay: string, timeZone: string, plusDays = 0): string {
  const date = new Date(Date.parse(`${isoDay}T00:00:00Z`) + plusDays * 86_400_000);
  const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  return zonedInstant(day, { hour: 0, minute: 0 }, timeZone);
}

/** The wall-clock day and time of an instant in a zone. */
export function wallClockIn(
  instant: Date,
  timeZone: string,
): { day: CalendarDay; time: { hour: number; minute: number } } {
  const wall = wallPartsIn(instant, timeZone);
  return {
    day: { year: wall.year, month: wall.month, day: wall.day },
    time: { hour: wall.hour, minute: wall.minute },
  };
}
