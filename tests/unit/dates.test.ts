import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../../src/ui/dates';

describe('the console’s one date format', () => {
  it('writes a moment as “24 Nov 2026, 14:05” in the staff member’s time zone', () => {
    expect(formatDateTime('2026-11-24T14:05:09.123Z', 'UTC')).toBe('24 Nov 2026, 14:05');
    expect(formatDateTime('2026-11-24T14:05:09.123Z', 'America/New_York')).toBe('24 Nov 2026, 09:05');
    expect(formatDateTime('2026-11-24T23:30:00Z', 'Europe/Berlin')).toBe('25 Nov 2026, 00:30');
    expect(formatDateTime('2026-09-04T00:00:00Z', 'UTC')).toBe('4 Sep 2026, 00:00');
  });

  it('writes a day as “24 Nov 2026”, and a calendar day without a time zone shift', () => {
    expect(formatDate('2026-11-24T23:30:00Z', 'Europe/Berlin')).toBe('25 Nov 2026');
    expect(formatDate('2026-11-24', 'America/Los_Angeles')).toBe('24 Nov 2026');
    expect(formatDateTime('2026-11-24')).toBe('24 Nov 2026');
  });

  it('shows a dash for nothing and the text itself when it is not a date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('writes a time of day as “14:05”', () => {
    expect(formatTime('2026-11-24T14:05:00Z', 'UTC')).toBe('14:05');
  });
});
