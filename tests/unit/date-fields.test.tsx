import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../commands/define';
import { parseForm } from '../../commands/form-values';
import { commands } from '../../commands/index';
import createBanner from '../../commands/marketing/create-banner';
import sendNotification from '../../commands/notifications/send-notification';
import activateShopDiscount from '../../commands/partners/activate-shop-discount';
import { parseTypedDate } from '../../src/ui/date-parse';
import { dateInWords, dateValue, staffTimeZone, zonedInstant } from '../../src/ui/day-meaning';
import { DateField } from '../../src/ui/fields/DateField';

afterEach(cleanup);

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the command has parameters');
  return value;
}

const read = (text: string, zone = 'Europe/Dublin') => {
  const date = parseTypedDate(text, new Date('2026-11-28T12:00:00Z'), zone);
  if (!date.ok) throw new Error(date.reason);
  return date;
};

/** Parameters that hold a version read (a timestamp sent back unchanged, never typed). */
const versionFields = new Set(['updated_at', 'last_updated_row']);

describe('every date parameter is a typed date field (issue 18, item 4)', () => {
  it('no command asks for a date as plain text', () => {
    const asText = commands.flatMap((command) => {
      const fields: Readonly<Record<string, FieldSpec>> =
        ('params' in command && command.params ? command.params.fields : undefined) ?? {};
      return Object.entries(fields)
        .filter(([name, field]) => !versionFields.has(name) && field.kind !== 'date')
        .filter(([name, field]) => /(_date|_at|^date|expir)/.test(name) || /YYYY|MM|DD/.test(field.placeholder ?? ''))
        .map(([name, field]) => `${command.id}.${name} (${field.kind})`);
    });
    expect(asText).toEqual([]);
  });

  it('create banner reads `31 Dec 2026` and `2027-01-07` as days from the start of one to the end of the other, in the staff zone', () => {
    const zone = staffTimeZone();
    const parsed = parseForm(must(createBanner.params), {
      banner_type: 'APP',
      photo_upload_id: '0b8e7e54-2f64-4c1e-9d0a-5d7c8f1e2a31',
      mobile_photo_upload_id: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      start_date: '31 Dec 2026',
      end_date: '2027-01-07',
      redirect_url: '/offers/spring',
      country: '',
      language: '',
      subscription_type: '',
      feature_flag: '',
    });
    expect(parsed.ok && parsed.data.start_date).toBe(
      zonedInstant({ year: 2026, month: 12, day: 31 }, { hour: 0, minute: 0 }, zone),
    );
    expect(parsed.ok && parsed.data.end_date).toBe(
      zonedInstant({ year: 2027, month: 1, day: 7 }, { hour: 23, minute: 59, second: 59 }, zone),
    );
  });

  it('a shop discount takes whole days: a typed time is refused with the reason, nothing is sent', () => {
    const parsed = parseForm(must(activateShopDiscount.params), {
      bundle_id: '3',
      discount_percentage: '20',
      start_date: '31/12/2026 23:59',
      expiry_date: '2027-01-31',
    });
    expect(parsed.ok ? {} : parsed.errors.fields).toEqual({
      start_date: 'Type a day without a time: this is a whole day',
    });
  });
});

describe('a typed day is said back with its zone where the call depends on its boundary', () => {
  it('turns a wall-clock time in a zone into its instant, across summer time', () => {
    expect(
      zonedInstant({ year: 2026, month: 12, day: 31 }, { hour: 23, minute: 59, second: 59 }, 'Europe/Dublin'),
    ).toBe('2026-12-31T23:59:59.000Z');
    expect(zonedInstant({ year: 2026, month: 7, day: 1 }, { hour: 0, minute: 0 }, 'Europe/Dublin')).toBe(
      '2026-06-30T23:00:00.000Z',
    );
    expect(zonedInstant({ year: 2026, month: 3, day: 8 }, { hour: 9, minute: 0 }, 'America/New_York')).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('says the start, the end, a time of day, and a typed time, with the zone', () => {
    expect(dateInWords(read('31/12'), { at: 'end', zone: 'staff' }, 'Europe/Dublin')).toBe(
      'Until the end of Thu 31 Dec 2026, Europe/Dublin',
    );
    expect(dateInWords(read('tomorrow'), { at: 'start', zone: 'UTC' }, 'Europe/Dublin')).toBe(
      'From the start of Sun 29 Nov 2026, UTC',
    );
    expect(dateInWords(read('next monday'), { at: { hour: 9, minute: 0 }, zone: 'staff' }, 'Europe/Dublin')).toBe(
      'Mon 30 Nov 2026, 09:00 Europe/Dublin',
    );
    expect(dateInWords(read('31 Dec 23:59'), { at: 'end', zone: 'staff' }, 'Europe/Dublin')).toBe(
      'Until Thu 31 Dec 2026, 23:59 Europe/Dublin',
    );
    expect(dateInWords(read('+7d'), undefined, 'Europe/Dublin')).toBe('Sat 5 Dec 2026');
    expect(dateValue(read('31 Dec 23:59'), { at: 'end', zone: 'staff' }, 'Europe/Dublin')).toEqual({
      ok: true,
      value: '2026-12-31T23:59:00.000Z',
    });
  });

  it('the field shows the words with the zone before submit', () => {
    render(
      <DateField
        id="ends"
        name="end_date"
        label="Ends"
        value="2026-12-31"
        onChange={() => undefined}
        day={{ at: 'end', zone: 'staff' }}
        timeZone="Europe/Dublin"
      />,
    );
    expect(screen.getByText('Until the end of Thu 31 Dec 2026, Europe/Dublin')).toBeTruthy();
  });

  it('send notification sends a day at 09:00 in the staff zone', () => {
    expect(must(sendNotification.params).fields.send_at.day).toEqual({ at: { hour: 9, minute: 0 }, zone: 'staff' });
  });

  it('a scheduled send and a banner confirm their moments as the field said them, with the zone', () => {
    const zone = staffTimeZone();
    const params = {
      title: 'Spring',
      send_at: zonedInstant({ year: 2026, month: 12, day: 31 }, { hour: 23, minute: 59 }, zone),
    };
    const context = { target: null, params, idempotencyKey: 'k', signal: new AbortController().signal };
    expect(sendNotification.successMessage?.(context as never)).toBe(`Scheduled for Thu 31 Dec 2026, 23:59 ${zone}`);
    const banner = {
      ...context,
      params: {
        start_date: zonedInstant({ year: 2026, month: 12, day: 31 }, { hour: 0, minute: 0 }, zone),
        end_date: zonedInstant({ year: 2027, month: 1, day: 7 }, { hour: 23, minute: 59, second: 59 }, zone),
      },
    };
    expect(createBanner.successMessage?.(banner as never)).toBe(
      `Banner created, from Thu 31 Dec 2026, 00:00 ${zone} to Thu 7 Jan 2027, 23:59 ${zone}`,
    );
  });
});
