import { describe, expect, it } from 'vitest';
import { tableQuerySchema } from '../../domain/table-query';
import { dayStartIn, isTimeZone, wallClockIn } from '../../domain/time-zone';
import { instantInWords } from '../../src/ui/day-meaning';
import { filterQueryOf } from '../../src/ui/table';

describe('time zones (domain/time-zone)', () => {
  it('knows IANA zones and refuses the rest', () => {
    for (const zone of ['Europe/Dublin', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires', 'UTC']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Base', '+01:00', '', 'Europe/Dublin ', '../etc/passwd', 'GMT+25']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('starts a day at midnight in the zone; a day is 23 or 25 hours across a DST change', () => {
    expect(dayStartIn('2026-11-01', 'Asia/Tokyo')).toBe('2026-10-31T15:00:00.000Z');
    expect(dayStartIn('2026-11-01', 'Asia/Tokyo', 1)).toBe('2026-11-01T15:00:00.000Z');
    expect(dayStartIn('2026-07-01', 'Europe/Dublin')).toBe('2026-06-30T23:00:00.000Z');
    expect(dayStartIn('2026-12-31', 'UTC', 1)).toBe('2027-01-01T00:00:00.000Z');
    const length = (day: string) =>
      Date.parse(dayStartIn(day, 'Europe/Dublin', 1)) - Date.parse(dayStartIn(day, 'Europe/Dublin'));
    expect(length('2026-03-29') / 3_600_000).toBe(23);
    expect(length('2026-10-25') / 3_600_000).toBe(25);
  });

  it('reads an instant back as the wall clock in a zone', () => {
    expect(wallClockIn(new Date('2026-11-01T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      day: { year: 2026, month: 11, day: 2 },
      time: { hour: 8, minute: 30 },
    });
  });
});

describe('a table query carries the staff member’s zone', () => {
  it('sends the filters and sort with the zone, which the schema accepts (and defaults to UTC)', () => {
    const filters = [{ kind: 'date' as const, column: 'date_added', op: 'on' as const, value: '2026-11-01' }];
    const query = filterQueryOf({ filters, sort: { column: 'date_added', direction: 'desc' } }, 'Asia/Tokyo');
    expect(query).toEqual({ filters, sort: { column: 'date_added', direction: 'desc' }, time_zone: 'Asia/Tokyo' });
    expect(tableQuerySchema.parse(query).time_zone).toBe('Asia/Tokyo');
    expect(tableQuerySchema.parse({ filters }).time_zone).toBe('UTC');
    const refused = tableQuerySchema.safeParse({ filters, time_zone: 'Mars/Base' });
    expect(refused.success ? '' : refused.error.issues[0]?.message).toBe(
      'must be an IANA time zone such as Europe/Dublin or UTC',
    );
  });
});

describe('a scheduled moment is said as the date fields say a typed date', () => {
  it('names the day, the time and the zone', () => {
    expect(instantInWords('2026-12-31T23:59:00.000Z', 'Europe/Dublin')).toBe('Thu 31 Dec 2026, 23:59 Europe/Dublin');
    expect(instantInWords('2026-12-31T23:59:00.000Z', 'Asia/Tokyo')).toBe('Fri 1 Jan 2027, 08:59 Asia/Tokyo');
    expect(instantInWords('not a time', 'Asia/Tokyo')).toBe('not a time');
  });
});
