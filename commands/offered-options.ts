import { z } from 'zod';
import type { FieldContext, FieldSpec, OptionsFromCall, ParamsSpec } from './define';

/**
 * The values each server-listed select offered, by its options source and the call's input: the form notes what the
 * call answered, and validation follows it. A console pointed at another server follows that server's lists: a value
 * only it knows is taken (the server still validates), a value it no longer lists is refused.
 */
const offered = new WeakMap<OptionsFromCall, Map<string, readonly string[]>>();

const inputKey = (input: NonNullable<ReturnType<OptionsFromCall['input']>>) =>
  JSON.stringify([input.params ?? {}, input.query ?? {}]);

/** The options source of a select whose options a call serves (not a text field's suggestions). */
export function listedBy(field: FieldSpec): OptionsFromCall | undefined {
  return field.kind === 'select' && field.options && 'endpoint' in field.options ? field.options : undefined;
}

/** Records what `source` answered for `input` (the select as it was shown). */
export function noteOffered(
  source: OptionsFromCall,
  input: NonNullable<ReturnType<OptionsFromCall['input']>>,
  values: readonly string[],
): void {
  let byInput = offered.get(source);
  if (!byInput) {
    byInput = new Map();
    offered.set(source, byInput);
  }
  byInput.set(inputKey(input), values);
}

/** The values the select offered in this context, when its call has answered. */
export function offeredValues(source: OptionsFromCall, context: FieldContext): readonly string[] | undefined {
  const input = source.input(context);
  return input === null ? undefined : offered.get(source)?.get(inputKey(input));
}

/** An impossible value, to learn the message the field's own schema gives for a value it does not list. */
const notListed = '\u0000not listed';

/**
 * The field's schema, following the server's list: a listed value is taken as it is; another non-empty one is refused
 * with the schema's own message; empty goes to the schema (optional, default, or required as declared).
 */
function followingList(own: z.ZodType, values: readonly string[]): z.ZodType {
  const refusal = own.safeParse(notListed).error?.issues[0]?.message ?? 'Invalid option: not one of the listed';
  return z.unknown().transform((value, context) => {
    const chosen = typeof value === 'number' ? String(value) : value;
    if (typeof chosen === 'string' && chosen !== '') {
      if (values.includes(chosen)) return value;
      context.addIssue({ code: 'invalid_value', values: [...values], input: value, message: refusal });
      return z.NEVER;
    }
    const result = own.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) context.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue);
    return z.NEVER;
  });
}

/**
 * The form's schema with each server-listed select checked against what the form was offered (the compile-time enum of
 * `domain/` where the call has not answered yet); everything else, the object's refinements included, as declared.
 */
export function schemaFollowingOffers<S extends z.ZodObject>(
  spec: ParamsSpec<S>,
  context: FieldContext,
  input: Readonly<Record<string, unknown>>,
): S {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    // Only a chosen value is checked against the list: an empty select stays the field's own (optional, default or
    // required as declared; a replaced schema would make an absent key required).
    const chosen = input[name];
    if (chosen === undefined || chosen === null || chosen === '') continue;
    const source = listedBy(field);
    const own = spec.schema.shape[name] as z.ZodType | undefined;
    const values = source ? offeredValues(source, context) : undefined;
    if (own && values && values.length > 0) shape[name] = followingList(own, values);
  }
  return Object.keys(shape).length === 0 ? spec.schema : (spec.schema.safeExtend(shape) as unknown as S);
}
