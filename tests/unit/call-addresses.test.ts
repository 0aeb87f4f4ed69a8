import { describe, expect, it } from 'vitest';
import { api as catalogue } from '../../domain/api';
import { decodeAddress, encodeAddress } from '../../domain/call-address';
import type { Endpoint } from '../../domain/endpoint';
import { api as addresses } from '../../src/http/addresses';
import { authCalls } from '../../src/http/auth-calls';
import { usersCalls } from '../../src/http/users-calls';

function addressFields(endpoint: Endpoint) {
  const { id, method, path, auth, money, readOnly } = endpoint;
  return { id, method, path, auth, money, ...(readOnly ? { readOnly } : {}) };
}

const areas = Object.entries(catalogue) as [string, Record<string, Endpoint>][];

describe('the console call addresses (virtual:call-addresses)', () => {
  it('round-trips every call of the catalogue through its one-line form', () => {
    for (const [area, calls] of areas) {
      for (const [name, endpoint] of Object.entries(calls)) {
        const keyed = `${area}.${name}`;
        expect(decodeAddress(keyed, encodeAddress(endpoint, keyed))).toEqual(addressFields(endpoint));
      }
    }
  });

  it('gives the console every call, with the method, path, token and flags of the catalogue', () => {
    const built = addresses as unknown as Record<string, Record<string, unknown>>;
    expect(Object.keys(built).sort()).toEqual(areas.map(([area]) => area).sort());
    for (const [area, calls] of areas) {
      for (const [name, endpoint] of Object.entries(calls)) {
        expect(built[area]?.[name], `${area}.${name}`).toEqual(addressFields(endpoint));
      }
    }
    expect(built.auth?.refresh).toMatchObject({ auth: 'refresh', method: 'POST' });
  });

  it('gives the first screen one area at a time, the same as in the whole set', () => {
    expect(usersCalls).toEqual(addresses.users);
    expect(authCalls).toEqual(addresses.auth);
    expect(Object.keys(usersCalls).sort()).toEqual(Object.keys(catalogue.users).sort());
  });
});
