import { ofetch } from 'ofetch';
import { type CallAddress, idempotencyHeader, isMutation, xsrfHeader } from '../../domain/call-address';
import { apiBaseURL } from './api-address';
import { newTraceparent } from './trace-context';
import { readXsrfToken } from './xsrf';

/** The one ofetch instance of the console: base URL, JSON, no automatic retries (the client decides). */
export const transport = ofetch.create({ baseURL: apiBaseURL(), retry: 0, headers: { accept: 'application/json' } });

/**
 * The headers of one request: bearer token, cross-site token on mutations, idempotency key on money calls, and a
 * `traceparent` of its own (the server's trace of it: docs/operating.md, traces).
 */
export function headersFor(
  endpoint: Pick<CallAddress, 'method' | 'money' | 'readOnly'>,
  bearer: string | null,
  idempotencyKey?: string,
): Record<string, string> {
  const headers: Record<string, string> = { traceparent: newTraceparent() };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (isMutation(endpoint)) {
    const xsrf = readXsrfToken();
    if (xsrf) headers[xsrfHeader] = xsrf;
  }
  if (endpoint.money && idempotencyKey) headers[idempotencyHeader] = idempotencyKey;
  return headers;
}
