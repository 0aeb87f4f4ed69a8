import { api } from '../../domain/api';
import { type ContractField, contractFieldText } from '../../domain/contract-fields';
import {
  type ContractFormDraft,
  type ContractFormQuery,
  contractFormQuery,
  contractQueryOf,
} from '../../domain/contract-form';
import type { ContractFormParams } from '../../domain/contracts';
import { type Currency, currencies, currencySymbols, formatMoney, type Money } from '../../domain/money';
import { call } from '../../src/http';
import {
  type Availability,
  disabled,
  enabled,
  type FieldSpec,
  type ParamsSpec,
  type Prefill,
  type PreviewLine,
} from '../define';
import type { UserTarget } from '../target';
import { typedOver, typedParams, typedText, unknownFields } from './typed-fields';

/** A contract command's availability: only for a customer on an annual plan; otherwise disabled, saying `why`. */
export function onAnnualPlan(why: string): (target: UserTarget) => Availability {
  return (target) =>
    target.row && target.row.subscription_type !== 'CORPORATE_CONTRACT'
      ? disabled(`Not on an annual plan: ${why}`)
      : enabled;
}

/** The customer's currency, as known from their row. */
export function targetCurrency(target: UserTarget | undefined): Currency {
  return target?.row?.currency ?? 'USD';
}

function price(label: string, empty: string): FieldSpec {
  return {
    kind: 'money',
    label,
    placeholder: empty,
    currencySymbol: ({ target }) => currencySymbols[targetCurrency(target)],
  };
}

/** The form's fields; `empty` says what an empty field means ("default", "current"). */
export function contractFields(empty: 'default' | 'current'): Record<keyof ContractFormQuery, FieldSpec> {
  const keep = empty === 'default' ? 'Empty: the default' : 'Empty: keeps the current';
  return {
    number_of_edits: {
      kind: 'number',
      label: 'Number of edits',
      placeholder: empty === 'default' ? 'e.g. 12000 (default 1000)' : 'More than the current contract',
      hint: 'Edits the customer commits to for the contract year; 5,000+ and 20,000+ get larger discounts.',
    },
    price_per_edit: { ...price('Price per edit', keep), hint: 'List price before the yearly discount.' },
    crop: price('AI crop, per use', keep),
    straightening: price('AI straightening, per use', keep),
    subject_mask: price('AI subject mask, per use', keep),
    smooth_skin: price('AI skin smoothing, per use', keep),
    currency: {
      kind: 'select',
      label: 'Currency',
      placeholder: 'The customer’s currency',
      options: currencies.map((code) => ({ value: code, label: code })),
      hint: 'A contract is in the customer’s own currency.',
    },
    country: { kind: 'text', label: 'Country', placeholder: `${keep} (two letters, e.g. DE)` },
  };
}

/** The base form's params as answered; `input_fields` may be missing from a server that does not type them. */
type FormParamsAnswer = ContractFormParams & { input_fields?: readonly ContractField[] };

function loadBase(target: UserTarget, base: 'default' | 'current', signal: AbortSignal): Promise<FormParamsAnswer> {
  const endpoint = base === 'default' ? api.contracts.defaultFormParams : api.contracts.currentFormParams;
  return call(endpoint, { params: { user_id: target.id } }, { signal, silent: true });
}

/**
 * The base form's values as the form's starting text (the server's defaults, or the running contract's terms), and the
 * form as its typed `input_fields` shape it (labels, types, a field this console does not know); without them, the
 * flat fields.
 */
export function contractPrefill(base: 'default' | 'current', own: ParamsSpec) {
  return {
    async load({ target, signal }: { target: UserTarget; signal: AbortSignal }): Promise<Prefill> {
      const start = await loadBase(target, base, signal);
      const flat = Object.entries(contractQueryOf(start)).map(([name, value]) => [name, String(value)]);
      const typed = (start.input_fields ?? []).map((entry) => [entry.key, typedText(entry)]);
      const params = typedParams(own, start.input_fields);
      return { values: Object.fromEntries([...flat, ...typed]), ...(params ? { params } : {}) };
    },
  };
}

/** The form to price or send: the flat terms, and the server's typed fields this console does not know. */
export interface ResolvedForm {
  form: ContractFormQuery;
  /** The base's `input_fields` unknown to this console, with what was typed over them (sent back by key). */
  extra: ContractField[];
}

/** The base form (server defaults or the running contract's terms) with what was typed over it. */
export async function resolveForm(
  target: UserTarget,
  params: ContractFormDraft,
  base: 'default' | 'current',
  signal: AbortSignal,
): Promise<ResolvedForm> {
  const start = await loadBase(target, base, signal);
  const given: Record<string, unknown> = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined),
  );
  const known = Object.fromEntries(Object.entries(given).filter(([name]) => name in contractFormQuery.shape));
  const form = contractFormQuery.parse({ ...contractQueryOf(start), ...known });
  return { form, extra: typedOver(unknownFields(start.input_fields), given, form) };
}

/** A price per edit or use, e.g. "$0.45". */
export function priceText(units: number, currency: Currency): string {
  const digits = Math.round(units * 10_000) % 100 === 0 ? 2 : 4;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits }).format(units);
}

/** The terms as preview lines: what the staff member confirms. */
export function termLines(form: ContractFormQuery): PreviewLine[] {
  const money = (units: number) => priceText(units, form.currency);
  return [
    { label: 'Edits a year', value: form.number_of_edits.toLocaleString('en-US') },
    { label: 'List price per edit', value: money(form.price_per_edit) },
    {
      label: 'AI tools (crop / straighten / mask / skin)',
      value: [form.crop, form.straightening, form.subject_mask, form.smooth_skin].map(money).join(' / '),
    },
    { label: 'Currency, country', value: `${form.currency}, ${form.country}` },
  ];
}

/** A summary's typed `general_fields` as preview lines, each value formatted by its type; `emphasis` names one key. */
export function fieldLines(fields: readonly ContractField[], emphasis?: string): PreviewLine[] {
  return fields.map((entry) => ({
    label: entry.label,
    value: contractFieldText(entry),
    ...(entry.key === emphasis ? { emphasis: true } : {}),
  }));
}

/** "$1,250.00". */
export function shown(value: Money): string {
  return formatMoney(value);
}

function months(count: number): string {
  return count === 1 ? '1 month' : `${count} months`;
}

/**
 * The installments to come, exactly: "$435.42 a month for 11 months", or, when the cents do not split evenly,
 * "$33.79 a month for 4 months and $33.78 for 7" (installments are largest first, at most two amounts).
 */
export function scheduleText(installments: readonly Money[]): string {
  const groups: { value: Money; count: number }[] = [];
  for (const value of installments) {
    const last = groups.at(-1);
    if (last && last.value.amount === value.amount) last.count += 1;
    else groups.push({ value, count: 1 });
  }
  const [first, ...rest] = groups;
  if (!first) return 'nothing more';
  const tail = rest.map((group) => ` and ${shown(group.value)} for ${group.count}`).join('');
  return `${shown(first.value)} a month for ${months(first.count)}${tail}`;
}
