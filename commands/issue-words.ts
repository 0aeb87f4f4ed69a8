import type { z } from 'zod';
import type { FieldSpec } from './define';

/** zod's own wording ("Invalid input: expected number, received string", "Too small: expected …"): never shown. */
const schemaWording = /^(invalid|too (small|big))\b|\bexpected\b|\breceived\b|^Required$/i;

/** The message is zod's own wording (not one a schema states itself). */
export function isSchemaWording(message: string): boolean {
  return schemaWording.test(message);
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The option labels a select field shows, when it lists them itself (options from a call are not at hand here). */
function optionLabels(field: FieldSpec | undefined): string[] {
  return Array.isArray(field?.options) ? (field.options as { label: string }[]).map((option) => option.label) : [];
}

function limitText(issue: z.core.$ZodIssue, field: FieldSpec | undefined): string | undefined {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined;
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  const origin = (issue as { origin?: string }).origin;
  if (origin === 'string') {
    if (small) return bound <= 1 ? 'Type something here' : `Type at least ${bound} characters`;
    return `Keep it to ${bound.toLocaleString('en-US')} characters or fewer`;
  }
  if (origin === 'array' || origin === 'set') return small ? `Choose at least ${bound}` : `Choose at most ${bound}`;
  const amount = field?.kind === 'money' ? 'an amount' : 'a number';
  if (small) return inclusive ? `Type ${amount} of at least ${bound}` : `Type ${amount} above ${bound}`;
  return inclusive ? `Type ${amount} of at most ${bound}` : `Type ${amount} below ${bound}`;
}

/** What to type in a field, by its kind, when zod only said the value was of the wrong kind. */
function whatToType(field: FieldSpec | undefined): string {
  switch (field?.kind) {
    case 'number':
      return 'Type a whole number';
    case 'money':
      return 'Type an amount, e.g. 15 or 15.50';
    case 'date':
      return 'Type a date, e.g. 2026-12-31';
    case 'select':
      return 'Choose one of the listed options';
    case 'checkbox':
      return 'Tick or clear the box';
    default:
      return field ? `Type the ${field.label.toLowerCase()}` : 'Fill this in';
  }
}

/**
 * A schema issue as a person reads it, saying what to type in this field: a message the schema itself states ("must
 * be at most 500 characters") is kept; zod's own wording (`expected one of "50_PERCENT"|"25_PERCENT"`, "Too small:
 * expected number to be >=1") is replaced by the field's words ("Choose one of: 50 % off, 25 % off").
 */
export function issueInWords(issue: z.core.$ZodIssue, field: FieldSpec | undefined): string {
  if (!schemaWording.test(issue.message)) return sentence(issue.message);
  if (issue.code === 'invalid_value') {
    const labels = optionLabels(field);
    return labels.length > 0 && labels.length <= 6
      ? `Choose one of: ${labels.join(', ')}`
      : 'Choose one of the listed options';
  }
  const limit = limitText(issue, field);
  if (limit) return limit;
  if (issue.code === 'invalid_format') {
    const format = (issue as { format?: string }).format;
    if (format === 'email') return 'Type an e-mail address, e.g. name@example.com';
    if (format === 'url') return 'Type a web address starting with https://';
    if (format === 'datetime' || format === 'date') return 'Type a date, e.g. 2026-12-31';
    return whatToType(field);
  }
  if (issue.code === 'not_multiple_of')
    return field?.kind === 'money' ? 'Use at most two decimals' : 'Type a whole number';
  return whatToType(field);
}

/**
 * The server's refusal of one field ("must be one of: 50_PERCENT, 25_PERCENT", the API's words for API callers) as the
 * form says it: a list of codes becomes the field's option labels; any other message is kept, in sentence case.
 */
export function serverMessageInWords(message: string, field: FieldSpec | undefined): string {
  const text = message.replace(/^[\w./]+: /, '');
  if (/^must be one of: /.test(text)) {
    const labels = optionLabels(field);
    return labels.length > 0 && labels.length <= 6
      ? `Choose one of: ${labels.join(', ')}`
      : 'Choose one of the listed options';
  }
  return sentence(text);
}
