import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '../../src/ui/date-parse';

// Saturday 28 Nov 2026, 23:30 in Dublin — already Sunday 29 Nov in Tokyo.
const now = new Date('2026-11-28T23:30:00Z');
const day = (typed: string, timeZone = 'Europe/Dublin') => {
  const read = parseTypedDate(typed, now, timeZone);
  return read.ok ? read.iso : `refused: ${read.reason}`;
};

describe('parseTypedDate: the one reader of typed dates', () => {
  it('reads numbers, month names, words and offsets, in the staff member’s time zone', () => {
    expect(day('2026-12-31')).toBe('2026-12-31');
    expect(day('31/12')).toBe('2026-12-31');
    expect(day('31/12/2027')).toBe('2027-12-31');
    expect(day('1.3.27')).toBe('2027-03-01');
    expect(day('31 Dec')).toBe('2026-12-31');
    expect(day('Dec 31, 2028')).toBe('2028-12-31');
    expect(day('3rd March')).toBe('2027-03-03');
    expect(day('today')).toBe('2026-11-28');
    expect(day('today', 'Asia/Tokyo')).toBe('2026-11-29');
    expect(day('Tomorrow')).toBe('2026-11-29');
    expect(day('+7d')).toBe('2026-12-05');
    expect(day('+2w')).toBe('2026-12-12');
    expect(day('-3d')).toBe('2026-11-25');
    expect(day('+3m')).toBe('2027-02-28');
    expect(day('next monday')).toBe('2026-11-30');
    expect(day('sat')).toBe('2026-12-05');
  });

  it('takes a day without a year as its next occurrence (31/01 typed in November is next January)', () => {
    expect(day('31/01')).toBe('2027-01-31');
    expect(day('28/11')).toBe('2026-11-28');
    expect(day('29/02')).toBe('2028-02-29');
  });

  it('says back what it read in words, with the time and zone when a time was typed', () => {
    expect(parseTypedDate('31/12 23:59', now, 'Europe/Dublin')).toMatchObject({
      ok: true,
      iso: '2026-12-31',
      time: { hour: 23, minute: 59 },
      words: 'Thu 31 Dec 2026, 23:59 Europe/Dublin',
    });
    expect(parseTypedDate('2026-12-31', now, 'Europe/Dublin')).toMatchObject({ words: 'Thu 31 Dec 2026' });
  });

  it('refuses impossible days, far offsets, years out of range and nonsense, with the reason', () => {
    expect(day('31/02')).toBe('refused: There is no 31 February');
    expect(day('2027-02-29')).toBe('refused: There is no 29 February in 2027');
    expect(day('+99999d')).toBe('refused: At most 3650 days (10 years) from today');
    expect(day('0000-01-01')).toBe('refused: The year must be between 1900 and 2199');
    expect(day('0026-12-31')).toBe('refused: The year must be between 1900 and 2199');
    expect(day('31/13')).toBe('refused: There are only 12 months');
    expect(day('31/12 25:00')).toBe('refused: 25:00 is not a time of day');
    expect(day('soon')).toMatch(/^refused: Not a date: type e\.g\. 2026-12-31/);
  });
});
