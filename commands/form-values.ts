import type { z } from 'zod';
import { parseTypedDate } from '../src/ui/date-parse';
import { dateValue, staffTimeZone } from '../src/ui/day-meaning';
import { emptyValue } from '../src/ui/fields/Field';
import { typedId } from '../src/ui/fields/rank-choices';
import type { FieldValue } from '../src/ui/fields/types';
import type { FieldContext, ParamsSpec } from './define';
import { isSchemaWording, issueInWords } from './issue-words';
import { schemaFollowingOffers } from './offered-options';

/** What a person typed, by field name. */
export type FormValues = Record<string, FieldValue>;

/** Validation messages by field name, and one for the form as a whole. */
export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

const truthy = new Set(['true', '1', 'on', 'yes']);

/** The form's starting values: empty, then whatever a deep link or caller prefilled (unknown names ignored). */
export function initialValues(
  spec: ParamsSpec | undefined,
  prefill: Readonly<Record<string, string>> = {},
): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(spec?.fields ?? {})) {
    const given = prefill[name];
    if (given === undefined) values[name] = emptyValue(field.kind);
    else values[name] = field.kind === 'checkbox' ? truthy.has(given.toLowerCase()) : given;
  }
  return values;
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

const numeric = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** The fields' own checks (`FieldSpec.check`) on parsed data: messages by field name. */
function fieldChecks(spec: ParamsSpec, data: Record<string, unknown>, context: FieldContext): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const message = field.check?.(data[name], context);
    if (message) fields[name] = sentence(message);
  }
  return fields;
}

/**
 * Parses the form with the command's schema (the one the server validates), then the fields' own checks for the
 * role and customer in `context`. Empty inputs count as absent, so defaults apply and required fields say so;
 * numbers are read as numbers. A select whose options a call serves takes what that call listed
 * (`schemaFollowingOffers`), not only what this console's `domain/` knows.
 */
export function parseForm<S extends z.ZodObject>(
  spec: ParamsSpec<S>,
  values: Readonly<FormValues>,
  context: FieldContext = { role: null, target: undefined },
): { ok: true; data: z.output<S> } | { ok: false; errors: FormErrors } {
  const input: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const value = values[name];
    if (typeof value === 'boolean') {
      input[name] = value;
      continue;
    }
    const text = (value ?? '').trim();
    if (text === '') continue;
    if (field.kind === 'date') {
      // Typed in words or numbers, read in the staff member's zone; sent as the day it names (YYYY-MM-DD), or as the
      // instant it means to the call (`FieldSpec.day`), or refused here with the reason.
      const zone = staffTimeZone();
      const day = parseTypedDate(text, new Date(), zone);
      const sent = day.ok ? dateValue(day, field.day, zone) : day;
      if (sent.ok) input[name] = sent.value;
      else fields[name] = sent.reason;
      continue;
    }
    if (field.kind === 'record' && field.multiple) {
      // A list of ids, picked or typed (`101, #102 103`): each part must be an id.
      const parts = text.split(/[\s,]+/).filter((part) => part !== '' && part !== '#');
      const picked = parts.map((part) => typedId(part));
      if (picked.some((id) => id === undefined))
        fields[name] = 'Pick each from the list (type part of a name or e-mail, then Enter), or type ids and commas';
      else input[name] = picked.join(', ');
      continue;
    }
    if (field.kind === 'record') {
      // A chooser holds the picked record's id, or what was typed when nothing was picked (an id is taken as typed).
      const id = field.numeric ? typedId(text) : text.replace(/^#\s*/, '');
      if (id === undefined) fields[name] = 'Pick one from the list (type part of its name, then Enter), or type its id';
      else input[name] = field.numeric ? Number(id) : id;
      continue;
    }
    if (field.kind === 'number' || field.kind === 'money' || field.numeric) {
      const plain = text.replace(/[\s,]/g, '');
      if (numeric.test(plain)) input[name] = Number(plain);
      else fields[name] = 'Must be a number';
      continue;
    }
    input[name] = value;
  }
  const result = schemaFollowingOffers(spec, context, input).safeParse(input);
  if (result.success && Object.keys(fields).length === 0) {
    const checked = fieldChecks(spec as ParamsSpec, result.data as Record<string, unknown>, context);
    if (Object.keys(checked).length === 0) return { ok: true, data: result.data as z.output<S> };
    return { ok: false, errors: { fields: checked, form: null } };
  }
  let form: string | null = null;
  for (const issue of result.error?.issues ?? []) {
    const name = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
    const missing =
      name !== undefined &&
      input[name] === undefined &&
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
      // A schema's own message (e.g. "choose one of the listed reasons") is kept; zod's own wording says Required.
      isSchemaWording(issue.message);
    const field = name !== undefined && Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
    const message = missing ? 'Required' : issueInWords(issue, field);
    if (name && name in spec.fields) fields[name] ??= message;
    else form ??= message;
  }
  return { ok: false, errors: { fields, form } };
}

/** The form field a server error names (`reason`, `body.reason`, `/body/reason`, `emails.2`), if the form has it. */
export function fieldOfServerError(spec: ParamsSpec | undefined, field: string | undefined): string | undefined {
  if (!spec || !field) return undefined;
  return field
    .split(/[./]/)
    .filter(Boolean)
    .find((name) => Object.hasOwn(spec.fields, name));
}
