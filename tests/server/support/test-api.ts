import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { apiPrefix, api as catalogue } from '../../../domain/api';
import { idempotencyHeader, type LoginAnswer, xsrfCookie, xsrfHeader } from '../../../domain/auth';
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '../../../domain/endpoint';
import { pathOf } from '../../../domain/endpoint';
import type { ErrorAnswer } from '../../../domain/errors';
import { type Role, roles } from '../../../domain/roles';
import { type BuildAppOptions, buildApp } from '../../../server/app';
import { hashPassword } from '../../../server/auth/passwords';
import type { AppConfig, TrustProxy } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { staff as staffTable } from '../../../server/db/schema';
import type { RegisteredHandler } from '../../../server/http/register';
import type { PipelineSettings } from '../../../server/integrations/pipeline/settings';
import type { PaymentGateway } from '../../../server/payments';
import { type Backend, openTestDatabase } from './databases';

/** The answer of one call: status, headers, and the JSON body (typed as the call's answer, and as an error). */
export interface CallResult<E extends Endpoint = Endpoint> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  json: AnswerOf<E>;
  error: ErrorAnswer;
  raw: LightMyRequestResponse;
}

/** Per-call extras: headers, another cross-site token (null: none), an Idempotency-Key, the client address. */
export interface CallOptions {
  headers?: Record<string, string>;
  xsrf?: string | null;
  idempotencyKey?: string;
  remoteAddress?: string;
}

/** A signed-in (or anonymous) caller. */
export interface Client {
  role: Role | null;
  staffId: number | null;
  accessToken: string | null;
  refreshToken: string | null;
  xsrfToken: string | null;
  get<E extends Endpoint>(
    endpoint: E,
    params?: ParamsOf<E>,
    query?: QueryOf<E>,
    options?: CallOptions,
  ): Promise<CallResult<E>>;
  post<E extends Endpoint>(
    endpoint: E,
    params?: ParamsOf<E>,
    body?: BodyOf<E> | unknown,
    options?: CallOptions,
  ): Promise<CallResult<E>>;
  put<E extends Endpoint>(
    endpoint: E,
    params?: ParamsOf<E>,
    body?: BodyOf<E> | unknown,
    options?: CallOptions,
  ): Promise<CallResult<E>>;
  delete<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, options?: CallOptions): Promise<CallResult<E>>;
  /** Any call by its method, with untyped input (generated tests: role matrix, bad input). */
  call<E extends Endpoint>(endpoint: E, input: CallInput, options?: CallOptions): Promise<CallResult<E>>;
}

/** Untyped input of a call. */
export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The password of every test staff account. */
export const testPassword = 'correct horse battery';
/**
 * The test staff's scrypt cost: N=2^10 instead of the service's 2^15, since the suites sign in over a thousand times.
 * Verification reads the cost from the stored hash, so sign-in runs the same code; accounts the service creates itself
 * (invitations, password changes) keep the full cost, and auth.test.ts checks that.
 */
export const fixtureHashCost = { N: 2 ** 10, r: 8, p: 1 };

/** A staff account of the test database. */
export interface TestStaff {
  id: number;
  email: string;
  role: Role;
}

/** A running app on a fresh database, with one staff account per role and the call catalogue at hand. */
export type TestApi = typeof catalogue & {
  app: FastifyInstance;
  /** `url`: the PostgreSQL database's address (for other processes over the same database); unset on PGlite. */
  database: DatabaseHandle & { url?: string };
  db: DatabaseHandle['db'];
  backend: Backend;
  staff: Record<Role, TestStaff>;
  /** Signs in as a role's test account (or any e-mail and password) and returns its client. */
  signIn(who: Role | { email: string; password: string }, options?: CallOptions): Promise<Client>;
  /** A caller without tokens. */
  anonymous: Client;
  /** A caller using the given tokens (e.g. after a refresh). */
  clientWith(tokens: { accessToken: string | null; refreshToken?: string | null; xsrfToken?: string | null }): Client;
  /** Raw `inject`, for what the DSL cannot say (malformed JSON, odd headers). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** Options of `testApi`. */
export interface TestApiOptions {
  backend?: Backend;
  config?: Partial<AppConfig>;
  extraHandlers?: readonly RegisteredHandler[];
  /** Another payment provider than the sandbox on the test database (e.g. one that counts or fails). */
  gateway?: (db: DatabaseHandle['db']) => PaymentGateway;
  staticDir?: string | null;
  /** Behind a proxy: which X-Forwarded-* headers to believe (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** The editing pipeline's settings (default: none, its inbound endpoint refuses everything). */
  pipeline?: PipelineSettings | null;
  /** The customer app's service token (default: none, its calls answer 403). */
  appServiceToken?: string | null;
  /** OpenTelemetry's request spans (server/ops/tracing.ts); default none. */
  tracing?: BuildAppOptions['tracing'];
  /** A database the test opened itself (e.g. a primary with a replica), already migrated; closed with the app. */
  database?: DatabaseHandle;
  /** Pino's settings (e.g. a stream the test reads); default no logs. */
  logger?: BuildAppOptions['logger'];
}

export const testSecret = 'test-secret-of-at-least-thirty-two-characters';

function cookieValue(response: LightMyRequestResponse, name: string): string | null {
  const cookie = response.cookies.find((entry) => entry.name === name);
  return cookie ? cookie.value : null;
}

/** Starts the app on a fresh database (PGlite by default) with the eight staff accounts. */
export async function testApi(options: TestApiOptions = {}): Promise<TestApi> {
  const backend = options.backend ?? 'pglite';
  const database = options.database ?? (await openTestDatabase(backend));
  const app = await buildApp({
    database,
    // Suites make hundreds of anonymous calls from one address: the per-address rate is tested in rate-limit.test.ts.
    config: { jwtSecret: testSecret, anonymousRate: { burst: 1e6, perMinute: 1e6 }, ...options.config },
    extraHandlers: options.extraHandlers,
    gateway: options.gateway?.(database.db),
    staticDir: options.staticDir ?? null,
    trustProxy: options.trustProxy,
    pipeline: options.pipeline ?? null,
    appServiceToken: options.appServiceToken ?? null,
    checkAnswers: true,
    ...(options.tracing ? { tracing: options.tracing } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const passwordHash = await hashPassword(testPassword, fixtureHashCost);
  const rows = await database.db
    .insert(staffTable)
    .values(
      roles.map((role) => ({
        email: `${role.toLowerCase()}@test.example`,
        firstName: role.split('_')[0] ?? role,
        lastName: 'Tester',
        role,
        passwordHash,
      })),
    )
    .returning();
  const staff = Object.fromEntries(
    rows.map((row) => [row.role, { id: row.id, email: row.email, role: row.role as Role }]),
  ) as Record<Role, TestStaff>;

  function clientWith(state: {
    role?: Role | null;
    staffId?: number | null;
    accessToken: string | null;
    refreshToken?: string | null;
    xsrfToken?: string | null;
  }): Client {
    const send = async <E extends Endpoint>(
      endpoint: E,
      params: unknown,
      query: unknown,
      body: unknown,
      callOptions: CallOptions = {},
    ): Promise<CallResult<E>> => {
      const headers: Record<string, string> = {};
      const bearer = endpoint.auth === 'refresh' ? client.refreshToken : client.accessToken;
      if (bearer && endpoint.auth !== 'none') headers.authorization = `Bearer ${bearer}`;
      const xsrf = callOptions.xsrf === undefined ? client.xsrfToken : callOptions.xsrf;
      if (xsrf) headers[xsrfHeader.toLowerCase()] = xsrf;
      if (callOptions.idempotencyKey) headers[idempotencyHeader.toLowerCase()] = callOptions.idempotencyKey;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const raw = await app.inject({
        method: endpoint.method,
        url: `${apiPrefix}/${pathOf(endpoint, (params ?? {}) as Record<string, unknown>)}`,
        query: (query ?? undefined) as Record<string, string> | undefined,
        headers: { ...headers, ...callOptions.headers },
        payload: body === undefined ? undefined : JSON.stringify(body),
        remoteAddress: callOptions.remoteAddress,
      });
      const parsed = raw.body ? (raw.json() as unknown) : undefined;
      return {
        status: raw.statusCode,
        headers: raw.headers,
        json: parsed as AnswerOf<E>,
        error: parsed as ErrorAnswer,
        raw,
      };
    };
    const client: Client = {
      role: state.role ?? null,
      staffId: state.staffId ?? null,
      accessToken: state.accessToken,
      refreshToken: state.refreshToken ?? null,
      xsrfToken: state.xsrfToken ?? null,
      get: (endpoint, params, query, callOptions) => send(endpoint, params, query, undefined, callOptions),
      post: (endpoint, params, body, callOptions) => send(endpoint, params, undefined, body, callOptions),
      put: (endpoint, params, body, callOptions) => send(endpoint, params, undefined, body, callOptions),
      delete: (endpoint, params, callOptions) => send(endpoint, params, undefined, undefined, callOptions),
      call: (endpoint, input, callOptions) => send(endpoint, input.params, input.query, input.body, callOptions),
    };
    return client;
  }

  const anonymous = clientWith({ accessToken: null });

  async function signIn(who: Role | { email: string; password: string }, callOptions?: CallOptions) {
    const credentials = typeof who === 'string' ? { email: staff[who].email, password: testPassword } : who;
    const result = await anonymous.post(catalogue.auth.login, {}, credentials, callOptions);
    if (result.status !== 200) {
      throw new Error(`sign-in failed: ${result.status} ${JSON.stringify(result.json)}`);
    }
    const answer = result.json as LoginAnswer;
    return clientWith({
      role: answer.user_role,
      staffId: answer.user_id,
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      xsrfToken: cookieValue(result.raw, xsrfCookie),
    });
  }

  return {
    ...catalogue,
    app,
    database,
    db: database.db,
    backend,
    staff,
    signIn,
    anonymous,
    clientWith,
    inject: (injectOptions) => app.inject(injectOptions),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Registers a fresh test API for the enclosing describe block (created before its tests, closed after). */
export function useTestApi(backend: Backend, options: Omit<TestApiOptions, 'backend'> = {}): { readonly api: TestApi } {
  let current: TestApi | undefined;
  beforeAll(async () => {
    current = await testApi({ ...options, backend });
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get api(): TestApi {
      if (!current) throw new Error('the test API is not started yet');
      return current;
    },
  };
}
