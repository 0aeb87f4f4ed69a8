import { ofetch } from 'ofetch';
import { idempotencyHeader, xsrfHeader } from '../../domain/auth';
import { type Endpoint, isMutation } from '../../domain/endpoint';
import { apiBaseURL } from './api-address';
import { readXsrfToken } from './xsrf';

/** The one ofetch instance of the console: base URL, JSON, no automatic retries (the client decides). */
export const transport = ofetch.create({ baseURL: apiBaseURL(), retry: 0, headers: { accept: 'application/json' } });

/** The headers of one request: bearer token, cross-site token on mutations, idempotency key on money calls. */
export function headersFor(
  endpoint: Pick<Endpoint, 'method' | 'money'>,
  bearer: string | null,
  idempotencyKey?: string,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (isMutation(endpoint)) {
    const xsrf = readXsrfToken();
    if (xsrf) headers[xsrfHeader] = xsrf;
  }
  if (endpoint.money && idempotencyKey) headers[idempotencyHeader] = idempotencyKey;
  return headers;
}
