import fc from 'fast-check';
import { z } from 'zod';
import type { Endpoint } from '../../../domain/endpoint';
import { idParamsOf, rawUrl } from './raw-calls';

/** One generated request of a call: what it tries, its URL and its raw body text. */
export interface FuzzCase {
  what: string;
  url: string;
  payload?: string;
}

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values of fields whose schema alone does not say what is plausible. */
const namedExamples: Record<string, unknown> = {
  symbol: '$',
  country: 'US',
  currency: 'USD',
  new_currency: 'EUR',
  last_updated_row: '2026-01-01T00:00:00Z',
  multiplier: 100,
};

/** A plausible value for a JSON Schema (the first choice of each enum or union, the smallest allowed number). */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  if (name in namedExamples) return namedExamples[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.[0]) return exampleOf(union[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, exampleOf(schema.properties?.[key] ?? {}, key)]),
      );
    case 'array':
      return schema.minItems && schema.items ? [exampleOf(schema.items)] : [];
    case 'string':
      if (schema.format === 'email') return 'fuzz.case@example.net';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      return 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Strings that broke or could break something: NUL, lone surrogates, RTL, 10k characters, SQL, odd ids and dates. */
export const oddStrings = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202Eevil\u202C',
  'x'.repeat(10_000),
  "'; drop table customers; --",
  '<script>alert(1)</script>',
  '😀'.repeat(50),
  '057',
  '+57',
  '0x39',
  ' 57',
  '57.0',
  '5e1',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '1970-01-01T00:00:00Z',
  'NaN',
  'null',
];

/** Any JSON value, the odd ones first: wrong types, huge numbers, odd strings, nested values. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...oddStrings) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, null, true, [], {}, [1, 2]),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** Whole bodies, as raw text: too deep, not objects, text PostgreSQL cannot store, numbers past any range. */
function rawBodies(base: unknown): [string, string][] {
  const baseText = JSON.stringify(base ?? {});
  const withField = (raw: string) => (baseText === '{}' ? `{"x":${raw}}` : `${baseText.slice(0, -1)},"x":${raw}}`);
  return [
    ['JSON nested 4,000 deep', nested(4000)],
    ['JSON nested 65 deep', `{"a":${nested(64)}}`],
    ['a field nested 60 deep', withField(nested(59))],
    ['an array body', '[]'],
    ['a number past every range', '123456789012345678901234567890'],
    ['1e999', withField('1e999')],
    ['raw lone surrogate', withField('"\\ud800"')],
    ['raw NUL', withField('"\\u0000"')],
    ['__proto__ key', withField('{"__proto__":{"polluted":1}}')],
  ];
}

/** A path value that can be percent-encoded (a lone surrogate cannot: it is replaced; bodies and queries keep them). */
function segment(text: string): string {
  try {
    encodeURIComponent(text);
    return text;
  } catch {
    return text.replace(/[\ud800-\udfff]/g, 'X');
  }
}

/** Dotted paths of every value inside a body (`price_per_edit.amount`), objects included. */
function nestedPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...nestedPaths(inner, path)];
  });
}

/** A copy of `body` with the value at `path` replaced (created when missing). */
function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const object = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return { ...object, [head]: withValueAt((object as Record<string, unknown>)[head], rest, value) };
}

/** Canonical path values of the calls' non-id parameters. */
const otherParams: Record<string, string> = {
  query: 'someone',
  user_email: 'someone@example.net',
  from: 'USD',
  to: 'EUR',
};

/** Valid-looking bodies where the schema's first choices are not (login as nobody, the customer in the body). */
function baseBody(endpoint: Endpoint, customerId: number): unknown {
  if (endpoint.id === 'auth.login') return { email: 'nobody@example.net', password: 'not the password' };
  const example = exampleOf(schemaOf(endpoint.body));
  if (example && typeof example === 'object' && 'user_id' in example) return { ...example, user_id: customerId };
  return example;
}

/**
 * Generated requests of one call, from its zod schemas: hostile path values, each body and query field replaced by
 * odd values (fast-check, seeded), extra keys, and raw hostile bodies for calls that take one.
 */
export function fuzzCases(endpoint: Endpoint, customerId: number, seed: number, runs: number): FuzzCase[] {
  const params: Record<string, string> = { ...otherParams };
  for (const name of idParamsOf(endpoint)) params[name] = String(customerId);
  const query = exampleOf(schemaOf(endpoint.query)) as Record<string, unknown>;
  const queryText = (values: Record<string, unknown>) => {
    const text = (value: unknown) => (typeof value === 'string' ? value : String(JSON.stringify(value)));
    const search = new URLSearchParams(
      Object.entries(values).flatMap(([key, value]) =>
        Array.isArray(value) ? value.map((item) => [key, text(item)]) : [[key, text(value)]],
      ),
    );
    return search.size > 0 ? `?${search}` : '';
  };
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const body = hasBody ? baseBody(endpoint, customerId) : undefined;
  const payload = (value: unknown) => (hasBody ? JSON.stringify(value) : undefined);
  const cases: FuzzCase[] = [
    { what: 'plausible', url: rawUrl(endpoint, params, queryText(query)), payload: payload(body) },
  ];

  const placeholders = [...endpoint.path.matchAll(/:([a-zA-Z_]+)/g)].map((match) => match[1] ?? '');
  const pathValues = fc.sample(fc.constantFrom(...oddStrings.filter((text) => text.length <= 300)), {
    seed,
    numRuns: 4 * placeholders.length,
  });
  pathValues.forEach((value, index) => {
    const name = placeholders[index % placeholders.length] ?? '';
    const url = rawUrl(endpoint, { ...params, [name]: segment(value) }, queryText(query));
    cases.push({ what: `path ${name} = ${JSON.stringify(value).slice(0, 40)}`, url, payload: payload(body) });
  });

  const topFields = body && typeof body === 'object' ? Object.keys(schemaOf(endpoint.body).properties ?? {}) : [];
  const bodyFields = new Set([...topFields, ...nestedPaths(body).filter((path) => path.includes('.'))]);
  const fields = [
    ...[...bodyFields].map((name) => ['body', name]),
    ...Object.keys(query).map((name) => ['query', name]),
  ];
  fields.push(hasBody ? ['body', 'unexpected_field'] : ['query', 'unexpected_field']);
  const picks = fc.sample(fc.tuple(fc.constantFrom(...fields), oddValue), { seed: seed + 1, numRuns: runs });
  for (const [[part, name = ''], value] of picks) {
    const what = `${part} ${name} = ${String(JSON.stringify(value)).slice(0, 40)}`;
    if (part === 'query') {
      cases.push({
        what,
        url: rawUrl(endpoint, params, queryText({ ...query, [name]: value })),
        payload: payload(body),
      });
    } else {
      cases.push({
        what,
        url: rawUrl(endpoint, params, queryText(query)),
        payload: payload(withValueAt(body, name.split('.'), value)),
      });
    }
  }
  if (hasBody) {
    const url = rawUrl(endpoint, params, queryText(query));
    for (const [what, text] of rawBodies(body)) cases.push({ what, url, payload: text });
  }
  return cases;
}
