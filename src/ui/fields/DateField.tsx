import { parseTypedDate } from '../date-parse';
import { InputField } from './InputField';
import type { FieldProps } from './types';

/**
 * A calendar day, typed: `2026-12-31`, `31/12`, `31 Dec`, `tomorrow`, `+7d`, `next monday` (see `parseTypedDate`),
 * read in the staff member's time zone and said back in words under the field before submit ("Thu 31 Dec 2026"). The
 * value is the text typed; the form reads it with the same parser and refuses what it cannot read, with the reason.
 */
export function DateField(props: FieldProps) {
  const typed = props.value.trim() ? parseTypedDate(props.value) : undefined;
  const words = typed?.ok ? typed.words : undefined;
  const hint = [words, props.hint].filter(Boolean).join(' · ') || undefined;
  return (
    <InputField {...props} placeholder={props.placeholder ?? '31/12, 31 Dec, tomorrow, +7d, next monday'} hint={hint} />
  );
}
