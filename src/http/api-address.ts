import { apiPrefix } from '../../domain/call-address';

function configuredServer(): string {
  return (import.meta.env.VITE_API_BASE_URL ?? '').trim().replace(/\/+$/, '');
}

/** The API server's address: `VITE_API_BASE_URL` when set at build time, else the console's own origin. */
export function apiAddress(): string {
  return configuredServer() || (globalThis.location?.origin ?? '');
}

/** Where every call goes: the configured server (or, unset, a same-origin path) plus `/admin`. */
export function apiBaseURL(): string {
  return `${configuredServer()}${apiPrefix}`;
}
