import { z } from 'zod';
import type { ContractField } from '../../domain/contract-fields';
import { type ContractFormQuery, contractFormQuery, flatPrice, priceOf, unitsOf } from '../../domain/contract-form';
import type { FieldKind } from '../../src/ui/fields/types';
import type { FieldSpec, ParamsSpec } from '../define';

/**
 * The contract forms as the server's typed `input_fields` describe them (data-and-calls-spec §3 Contracts): each field
 * it names is asked in its order, with its label, as its type says (NUMBER a number, PRICE an amount in the contract's
 * currency, PERCENT a number of percent, TEXT text); the flat fields it does not name follow as before. A field this
 * console does not know is asked, checked by its type, and sent back under its key (the server still validates).
 */

const kinds: Record<ContractField['type'], FieldKind> = {
  NUMBER: 'number',
  PRICE: 'money',
  PERCENT: 'number',
  TEXT: 'text',
};

/** How a field of a type the console did not know is checked (optional: empty keeps the server's value). */
const schemas: Record<ContractField['type'], z.ZodType> = {
  NUMBER: z.number({ error: 'must be a number' }).finite('must be a number').optional(),
  PRICE: flatPrice.optional(),
  PERCENT: z
    .number({ error: 'must be a number' })
    .min(0, 'must not be negative')
    .max(100, 'must be at most 100')
    .optional(),
  TEXT: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
};

/** The field as the server typed it; the console's own field of that key lends its placeholder and hint. */
function fieldOf(entry: ContractField, own: FieldSpec | undefined): FieldSpec {
  const kind = kinds[entry.type];
  const sameKind = own?.kind === kind ? own : undefined;
  return {
    ...sameKind,
    kind,
    label: entry.label,
    ...(entry.type === 'PRICE' && !sameKind?.currencySymbol ? { currencySymbol: () => entry.value.symbol } : {}),
    ...(entry.type === 'PERCENT' && !sameKind?.hint ? { hint: 'In percent.' } : {}),
  };
}

/** The form's params shaped by `input_fields`; undefined when the answer has none (the flat fields stay the form). */
export function typedParams(
  own: ParamsSpec,
  inputFields: readonly ContractField[] | undefined,
): ParamsSpec | undefined {
  if (!inputFields || inputFields.length === 0) return undefined;
  const fields: Record<string, FieldSpec> = {};
  const extra: Record<string, z.ZodType> = {};
  for (const entry of inputFields) {
    fields[entry.key] = fieldOf(entry, own.fields[entry.key]);
    if (!(entry.key in own.schema.shape)) extra[entry.key] = schemas[entry.type];
  }
  for (const [name, field] of Object.entries(own.fields)) fields[name] ??= field;
  const schema = Object.keys(extra).length === 0 ? own.schema : own.schema.safeExtend(extra);
  return { schema, fields } as ParamsSpec;
}

/** A typed field's value as the form's starting text ("12000", "0.45"). */
export function typedText(entry: ContractField): string {
  return entry.type === 'PRICE' ? String(unitsOf(entry.value)) : String(entry.value);
}

/** The typed fields this console's flat form does not have. */
export function unknownFields(inputFields: readonly ContractField[] | undefined): ContractField[] {
  return (inputFields ?? []).filter((entry) => !(entry.key in contractFormQuery.shape));
}

/** The server's extra fields with what was typed over them (prices in the contract's currency). */
export function typedOver(
  extra: readonly ContractField[],
  typed: Readonly<Record<string, unknown>>,
  form: ContractFormQuery,
): ContractField[] {
  return extra.map((entry): ContractField => {
    const value = typed[entry.key];
    if (value === undefined || value === null || value === '') return entry;
    if (entry.type === 'PRICE') return { ...entry, value: priceOf(Number(value), form.currency) };
    if (entry.type === 'TEXT') return { ...entry, value: String(value) };
    return { ...entry, value: Number(value) };
  });
}

/** The extra fields as a summary's query takes them (flat: prices in major units). */
export function flatOf(extra: readonly ContractField[]): Record<string, string | number> {
  return Object.fromEntries(
    extra.map((entry) => [entry.key, entry.type === 'PRICE' ? unitsOf(entry.value) : entry.value]),
  );
}

/** The extra fields as a POST body takes them (as the form params answered them: prices as PRICE values). */
export function bodyOf(extra: readonly ContractField[]): Record<string, unknown> {
  return Object.fromEntries(extra.map((entry) => [entry.key, entry.value]));
}
