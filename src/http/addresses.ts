import { addresses } from 'virtual:call-addresses';
import type { api as catalogue } from '../../domain/api';
import type { AddressesOf } from '../../domain/call-address';
import { decodeArea } from './area-addresses';

type Catalogue = typeof catalogue;

/**
 * The catalogue's calls as addresses (`api.users.get` → its method, path and flags), typed as the endpoints they stand
 * for: `call(api.users.get, …)` is checked exactly as with the full endpoint, but the console does not load the zod
 * schemas to send it. Built from domain/api.ts when the console is built (scripts/call-addresses.ts). The first
 * screen's code takes one area instead (`src/http/users-calls.ts`, `auth-calls.ts`), so it does not carry them all.
 */
export const api = Object.fromEntries(
  Object.entries(addresses as Record<string, unknown>).map(([area, lines]) => [
    area,
    decodeArea(area as keyof Catalogue, lines),
  ]),
) as unknown as AddressesOf<Catalogue>;
