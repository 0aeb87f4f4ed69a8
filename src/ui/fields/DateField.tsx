import { parseTypedDate } from '../date-parse';
import { type DayMeaning, dateInWords, dateValue, staffTimeZone } from '../day-meaning';
import { InputField } from './InputField';
import type { FieldProps } from './types';

interface DateFieldProps extends FieldProps {
  /** What the day means to the call (its start, its end, a time; in which zone), said back with the zone. */
  day?: DayMeaning | undefined;
  /** The zone the text is read in; the staff member's (`staffTimeZone`) unless given (tests). */
  timeZone?: string;
}

/**
 * A calendar day, typed: `2026-12-31`, `31/12`, `31 Dec`, `tomorrow`, `+7d`, `next monday` (see `parseTypedDate`),
 * read in the staff member's time zone and said back in words under the field before submit: "Thu 31 Dec 2026", or
 * with its zone where the call depends on the day's boundary ("Until the end of Thu 31 Dec 2026, Europe/Dublin"). The
 * value is the text typed; the form reads it with the same parser and refuses what it cannot read, with the reason.
 */
export function DateField({ day, timeZone, ...props }: DateFieldProps) {
  const zone = timeZone ?? staffTimeZone();
  const typed = props.value.trim() ? parseTypedDate(props.value, new Date(), zone) : undefined;
  const words = typed?.ok && dateValue(typed, day, zone).ok ? dateInWords(typed, day, zone) : undefined;
  const hint = [words, props.hint].filter(Boolean).join(' · ') || undefined;
  return (
    <InputField {...props} placeholder={props.placeholder ?? '31/12, 31 Dec, tomorrow, +7d, next monday'} hint={hint} />
  );
}
