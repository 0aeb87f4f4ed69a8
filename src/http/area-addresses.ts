import type { api as catalogue } from '../../domain/api';
import { type AddressesOf, decodeAddress } from '../../domain/call-address';

type Catalogue = typeof catalogue;

/** One area's calls from their lines (`{ get: 'GET users/:user_id' }`), as the endpoints they stand for. */
export function decodeArea<K extends keyof Catalogue>(area: K, lines: unknown): AddressesOf<Catalogue>[K] {
  const calls = Object.entries(lines as Record<string, string>).map(([name, line]) => [
    name,
    decodeAddress(`${String(area)}.${name}`, line),
  ]);
  return Object.fromEntries(calls) as AddressesOf<Catalogue>[K];
}
