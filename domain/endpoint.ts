import { z } from 'zod';
import { type AuthKind, type CallAddress, type EndpointAddress, isMutation, type Method, pathOf } from './call-address';
import type { Permission } from './permissions';

export type { AuthKind, CallAddress, EndpointAddress, Method };
export { isMutation, pathOf };

/** Where a call names the record it acts on (see `Endpoint.target`). */
export interface EndpointTarget {
  readonly kind: string;
  readonly param: string;
  /** Where `param` is: the path (default) or the JSON body. */
  readonly in?: 'params' | 'body';
}

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * The id a call's target names in a request, in canonical decimal (`57`), or null when the call has none or the
 * request's value is not an id (`057`, `+57`, ` 57`…: those calls are refused with 400, and their path keeps the text).
 */
export function targetIdOf(
  endpoint: Pick<Endpoint, 'target'>,
  request: { params?: unknown; body?: unknown },
): string | null {
  const target = endpoint.target;
  if (!target) return null;
  const source = target.in === 'body' ? request.body : request.params;
  if (source === null || typeof source !== 'object') return null;
  const parsed = idParam.safeParse((source as Record<string, unknown>)[target.param]);
  return parsed.success ? String(parsed.data) : null;
}

/** One admin call of the contract, declared once and read by the server, the console and the tests. */
export interface Endpoint<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  A extends z.ZodType = z.ZodType,
> extends CallAddress {
  /**
   * The permission the caller must hold; a list means "any of them" (the handler then decides what each allows,
   * e.g. give_credit against give_credit_capped). `null` only for the auth calls.
   */
  readonly permission: Permission | readonly Permission[] | null;
  /**
   * The parameter naming the customer a call acts on, for the audit trail and the activity timeline: a path
   * parameter, or a top-level body field where the spec puts the id in the body (`in: 'body'`).
   */
  readonly target?: EndpointTarget;
  /** One line for people: shown in the audit tab and the API docs. */
  readonly summary: string;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly answer: A;
}

/** The endpoint behind a call: itself, or the one an `EndpointAddress` stands for. */
type EndpointBehind<E> = E extends Endpoint ? E : E extends EndpointAddress<infer Full> ? Full : never;

export type ParamsOf<E> = EndpointBehind<E> extends Endpoint<infer P> ? z.input<P> : never;
export type QueryOf<E> = EndpointBehind<E> extends Endpoint<AnyObject, infer Q> ? z.input<Q> : never;
export type BodyOf<E> = EndpointBehind<E> extends Endpoint<AnyObject, AnyObject, infer B> ? z.input<B> : never;
export type AnswerOf<E> =
  EndpointBehind<E> extends Endpoint<AnyObject, AnyObject, z.ZodType, infer A> ? z.output<A> : never;

const empty = z.object({}).strict();
/** The body schema of calls that take none: an empty object or nothing at all. */
export const noBody = z.object({}).strict().optional();

interface CallOptions<P, Q, B, A> {
  summary: string;
  permission: Permission | readonly Permission[] | null;
  auth?: AuthKind;
  params?: P;
  query?: Q;
  body?: B;
  answer: A;
  money?: boolean;
  readOnly?: boolean;
  target?: EndpointTarget;
}

function call(method: Method) {
  return <
    P extends AnyObject = typeof empty,
    Q extends AnyObject = typeof empty,
    B extends z.ZodType = typeof noBody,
    A extends z.ZodType = z.ZodType,
  >(
    path: string,
    options: CallOptions<P, Q, B, A>,
  ): Endpoint<P, Q, B, A> => {
    const placeholders = [...path.matchAll(/:([a-zA-Z_]+)/g)].map((match) => match[1]);
    const params = (options.params ?? empty) as P;
    const shape = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
    if (placeholders.join() !== shape.join()) {
      throw new Error(
        `${method} ${path}: params schema [${shape}] must match the path's placeholders [${placeholders}]`,
      );
    }
    return {
      id: '',
      method,
      path,
      permission: options.permission,
      auth: options.auth ?? 'access',
      params,
      query: (options.query ?? empty) as Q,
      body: (options.body ?? noBody) as B,
      answer: options.answer,
      money: options.money ?? false,
      ...(options.readOnly ? { readOnly: true } : {}),
      target: options.target,
      summary: options.summary,
    };
  };
}

export const get = call('GET');
export const post = call('POST');
export const put = call('PUT');
export const del = call('DELETE');

/** Names every call of an area `area.key`, so each endpoint knows its own id. */
export function defineArea<T extends Record<string, Endpoint>>(area: string, calls: T): T {
  const named = {} as Record<string, Endpoint>;
  for (const [key, endpoint] of Object.entries(calls)) named[key] = { ...endpoint, id: `${area}.${key}` };
  return named as T;
}

/** The largest id: ids are PostgreSQL `integer`s. */
export const maxId = 2_147_483_647;
const idMessage = `must be a whole number from 1 to ${maxId}, written without sign, leading zeros, spaces or exponent`;

/**
 * Schema of a record id, in a path, a query or a body: a positive integer in canonical decimal (`/^[1-9][0-9]*$/`, at
 * most `maxId`). `57` (text or JSON number) becomes the number 57; `057`, `57.0`, `+57`, `0x39`, ` 57`, `5e1`, `０５７`,
 * empty, negative or too large is a 400. One spelling per record keeps the audit trail's target ids comparable.
 */
export const idParam = z
  .union([z.number(idMessage), z.string(idMessage).regex(/^[1-9][0-9]{0,9}$/, idMessage)], { error: idMessage })
  .transform(Number)
  .pipe(z.number().int(idMessage).positive(idMessage).max(maxId, idMessage));

/** The permissions of a call as a list (empty for auth calls). */
export function permissionsOfCall(endpoint: Pick<Endpoint, 'permission'>): readonly Permission[] {
  if (endpoint.permission === null) return [];
  return typeof endpoint.permission === 'string' ? [endpoint.permission] : endpoint.permission;
}
