/**
 * Where and how a call is made, without its schemas: what the console's kernel needs to send a request. Kept free of
 * zod (types only) so that the signed-in first screen can send its calls without loading the schema library; the full
 * `Endpoint` (domain/endpoint.ts) adds the params, query, body and answer schemas.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call authenticates: the access token (default), the refresh token (refresh, logout), or not at all (login). */
export type AuthKind = 'access' | 'refresh' | 'none';

/** The schema-free part of a call of the contract: what it takes to send it. */
export interface CallAddress {
  /** Stable name, `area.call` (e.g. `users.suspend`): audit rows, idempotency scope, tests. Set by `defineArea`. */
  readonly id: string;
  readonly method: Method;
  /** Path under `/admin`, exactly the spec's, with `:name` placeholders (e.g. `users/:user_id/actions/suspend`). */
  readonly path: string;
  readonly auth: AuthKind;
  /** Moves money: requires an `Idempotency-Key` and replays the first answer. */
  readonly money: boolean;
  /** A POST that only reads (a list query too rich for a query string): no cross-site token, no audit row. */
  readonly readOnly?: boolean;
}

declare const endpointOf: unique symbol;

/**
 * The address of one call `E`: its `CallAddress` fields at run time, and `E` itself for the type checker only, so a
 * call through the address is typed exactly like a call through the endpoint (params, body, answer).
 */
export type EndpointAddress<E> = CallAddress & { readonly [endpointOf]?: E };

/** The addresses of a catalogue shaped like `{ area: { call: Endpoint } }`. */
export type AddressesOf<T> = {
  readonly [Area in keyof T]: { readonly [Call in keyof T[Area]]: EndpointAddress<T[Area][Call]> };
};

/** The URL prefix of the admin area. */
export const apiPrefix = '/admin';

/** Header and cookie names of the request pipeline. */
export const xsrfCookie = 'XSRF-TOKEN';
export const xsrfHeader = 'X-XSRF-TOKEN';
export const idempotencyHeader = 'Idempotency-Key';

/**
 * A call's address in one short line, `METHOD path [flags]` (flags: `m` money, `r` read-only, `refresh` or `none` for
 * the token it sends, `#id` when its id is not `area.call` of the catalogue's keys), as the console's build embeds it.
 */
export function encodeAddress(endpoint: CallAddress, keyedId: string): string {
  const flags = [
    endpoint.money ? 'm' : '',
    endpoint.readOnly ? 'r' : '',
    endpoint.auth === 'access' ? '' : endpoint.auth,
    endpoint.id === keyedId ? '' : `#${endpoint.id}`,
  ];
  return [endpoint.method, endpoint.path, ...flags.filter(Boolean)].join(' ');
}

/** Reads `encodeAddress`'s line back, for the call keyed `keyedId` (`area.call`). */
export function decodeAddress(keyedId: string, line: string): CallAddress {
  const [method, path = '', ...flags] = line.split(' ');
  const auth = flags.find((flag): flag is AuthKind => flag === 'refresh' || flag === 'none') ?? 'access';
  return {
    id: flags.find((flag) => flag.startsWith('#'))?.slice(1) ?? keyedId,
    method: method as Method,
    path,
    auth,
    money: flags.includes('m'),
    ...(flags.includes('r') ? { readOnly: true } : {}),
  };
}

/** The concrete path of a call, e.g. `users/42/actions/suspend`; throws on a missing parameter. */
export function pathOf(endpoint: Pick<CallAddress, 'path'>, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Calls that change something: everything but GET and read-only POSTs. */
export function isMutation(endpoint: Pick<CallAddress, 'method' | 'readOnly'>): boolean {
  return endpoint.method !== 'GET' && !endpoint.readOnly;
}
