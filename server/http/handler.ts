import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isMutation } from '../../domain/call-address';
import type { Endpoint } from '../../domain/endpoint';
import type { Permission } from '../../domain/permissions';
import type { Role } from '../../domain/roles';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { FileStore } from '../files/store';

/** The signed-in staff member behind a call, as the database has them now (role included). */
export interface StaffMember {
  id: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}

type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What every handler gets: the transaction, the parsed input, the raw request and reply, the config. */
export interface CallContext<E extends Endpoint> {
  /** The call's one database transaction: everything the handler writes commits or rolls back together. */
  db: Database;
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  request: FastifyRequest;
  /** For headers and cookies only; the answer is what the handler returns. */
  reply: FastifyReply;
  config: AppConfig;
  /** Where banner images are kept (local files or a bucket). */
  files: FileStore;
}

/** Context of a call made with an access token (every call but login, refresh and logout). */
export interface StaffCallContext<E extends Endpoint> extends CallContext<E> {
  staff: StaffMember;
  sessionId: string;
  /** Whether the caller holds a permission: only for capped variants of a call (give_credit vs give_credit_capped). */
  can(permission: Permission): boolean;
}

/** Context of the auth calls: no staff member yet; `bearer` is the refresh token of refresh and logout. */
export interface PublicCallContext<E extends Endpoint> extends CallContext<E> {
  bearer: string | null;
  /** Names the staff member the call turned out to be for (e.g. after checking the password), for the audit row. */
  identify(staff: StaffMember): void;
}

type Answer<E extends Endpoint> = Output<E['answer']>;

/** A catalogue call with its implementation for staff (auth 'access'). */
export interface StaffHandler<E extends Endpoint = Endpoint> {
  readonly kind: 'staff';
  readonly endpoint: E;
  /**
   * False: a read (a GET, or a POST declared `readOnly`) whose statements each stand alone runs on the pool without a
   * transaction (no `set local`, no row locks, no write that must commit with another). Default: one transaction.
   */
  readonly transaction?: false;
  run(context: StaffCallContext<E>): Promise<Answer<E>>;
}

/** A catalogue call with its implementation without an access token (auth 'none' or 'refresh'). */
export interface PublicHandler<E extends Endpoint = Endpoint> {
  readonly kind: 'public';
  readonly endpoint: E;
  /** False: a GET on the pool without a transaction (as for staff reads), e.g. a file streamed after the handler returns. */
  readonly transaction?: false;
  run(context: PublicCallContext<E>): Promise<Answer<E>>;
}

export type CallHandler = StaffHandler | PublicHandler;

/** Implements a staff call: `export const suspendUser = handle(api.users.suspend, async (ctx) => …)`. */
export function handle<E extends Endpoint>(
  endpoint: E,
  run: (context: StaffCallContext<E>) => Promise<Answer<E>>,
  options: { transaction?: false } = {},
): StaffHandler<E> {
  if (endpoint.auth !== 'access') throw new Error(`${endpoint.id}: use handlePublic for auth '${endpoint.auth}'`);
  if (options.transaction === false && isMutation(endpoint)) {
    throw new Error(`${endpoint.id}: only a read (a GET, or a read-only POST) may run without a transaction`);
  }
  return { kind: 'staff', endpoint, run, ...options };
}

/** Implements an auth call (login, refresh, logout): no access token, no permission. */
export function handlePublic<E extends Endpoint>(
  endpoint: E,
  run: (context: PublicCallContext<E>) => Promise<Answer<E>>,
  options: { transaction?: false } = {},
): PublicHandler<E> {
  if (endpoint.auth === 'access') throw new Error(`${endpoint.id}: use handle for auth 'access'`);
  if (options.transaction === false && endpoint.method !== 'GET') {
    throw new Error(`${endpoint.id}: only a GET may run without a transaction`);
  }
  return { kind: 'public', endpoint, run, ...options };
}
