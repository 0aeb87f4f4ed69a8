import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { apiPrefix } from '../../../domain/api';
import { idempotencyHeader, xsrfHeader } from '../../../domain/auth';
import { type Endpoint, idParam, permissionsOfCall } from '../../../domain/endpoint';
import { canAny } from '../../../domain/permissions';
import type { Role } from '../../../domain/roles';
import type { Client, TestApi } from './test-api';

/** The path parameters of a call that are record ids (`idParam`), in path order. */
export function idParamsOf(endpoint: Endpoint): string[] {
  if (!(endpoint.params instanceof z.ZodObject)) return [];
  const shape = endpoint.params.shape as Record<string, unknown>;
  return Object.keys(shape).filter((name) => shape[name] === idParam);
}

/** The call's URL with each `:name` replaced by the given text, percent-encoded as a browser would. */
export function rawUrl(endpoint: Endpoint, params: Record<string, string>, query = ''): string {
  const path = endpoint.path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return `${apiPrefix}/${path}${query}`;
}

/** The signed-in clients a raw request may be sent as, by role. */
export type Clients = Partial<Record<Role, Client>>;

/**
 * The first of `preferred` roles allowed to make the call (any signed-in client for auth calls), or null when none
 * of them may.
 */
export function callerFor(endpoint: Endpoint, clients: Clients, preferred: readonly Role[]): Client | null {
  for (const role of preferred) {
    const client = clients[role];
    if (client && (endpoint.auth !== 'access' || canAny(role, permissionsOfCall(endpoint)))) return client;
  }
  return null;
}

/** The headers a real console request of this call carries for `client`: bearer, cross-site token, fresh key. */
export function headersFor(endpoint: Endpoint, client: Client | null): Record<string, string> {
  const headers: Record<string, string> = {};
  const bearer =
    endpoint.auth === 'refresh' ? client?.refreshToken : endpoint.auth === 'access' ? client?.accessToken : null;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (client?.xsrfToken) headers[xsrfHeader.toLowerCase()] = client.xsrfToken;
  if (endpoint.money) headers[idempotencyHeader.toLowerCase()] = randomUUID();
  return headers;
}

/** Sends a raw request (any URL, any body text) for a call, as `client` (null: no tokens), with more headers. */
export function sendRaw(
  api: TestApi,
  endpoint: Endpoint,
  client: Client | null,
  url: string,
  payload?: string,
  extraHeaders: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const contentType: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
  return api.inject({
    method: endpoint.method,
    url,
    headers: { ...headersFor(endpoint, client), ...contentType, ...extraHeaders },
    payload,
    remoteAddress: '10.77.0.1',
  });
}
