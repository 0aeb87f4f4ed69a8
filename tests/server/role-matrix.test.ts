import { beforeAll, expect, it } from 'vitest';
import { api as catalogue } from '../../domain/api';
import { type Endpoint, permissionsOfCall } from '../../domain/endpoint';
import { canAny } from '../../domain/permissions';
import { type Role, roles } from '../../domain/roles';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import type { CallInput, Client, TestApi } from './support/test-api';
import { useTestApi } from './support/test-api';

/** A valid request for each users call, made fresh for every role (a new call here needs a sample, or this fails). */
const samples: Record<string, (api: TestApi) => Promise<CallInput>> = {
  'users.search': async () => ({ params: { query: 'matrix' } }),
  'users.filter': async () => ({
    body: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 5 },
  }),
  'users.get': async (api) => ({ params: { user_id: (await insertCustomer(api.db)).id } }),
  'users.lastViewed': async () => ({}),
  'users.suspend': async (api) => ({
    params: { user_id: (await insertCustomer(api.db)).id },
    body: { reason: 'OTHER', description: 'role matrix' },
  }),
  'users.unsuspend': async (api) => ({
    params: {
      user_id: (
        await insertCustomer(api.db, {
          status: 'SUSPENDED',
          suspendedAt: '2026-10-01T00:00:00Z',
          suspendReason: 'OTHER',
        })
      ).id,
    },
  }),
};

const userCalls: Endpoint[] = Object.values(catalogue.users);

describeEachBackend('role × call matrix (users)', (backend) => {
  const t = useTestApi(backend);
  const clients = {} as Record<Role, Client>;
  beforeAll(async () => {
    for (const role of roles) clients[role] = await t.api.signIn(role);
  });

  it('has a sample request for every users call', () => {
    for (const endpoint of userCalls) expect(samples[endpoint.id], endpoint.id).toBeDefined();
  });

  for (const endpoint of userCalls) {
    for (const role of roles) {
      const allowed = canAny(role, permissionsOfCall(endpoint));
      it(`${endpoint.id} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        const { api } = t;
        const sample = samples[endpoint.id];
        if (!sample) throw new Error(`no sample for ${endpoint.id}`);
        const input = await sample(api);
        const customerId = endpoint.target ? Number(input.params?.[endpoint.target.param]) : null;
        const before = customerId ? await readCustomer(api.db, customerId) : undefined;
        const result = await clients[role].call(endpoint, input);
        if (allowed) {
          expect(result.status, JSON.stringify(result.json)).toBeGreaterThanOrEqual(200);
          expect(result.status).toBeLessThan(300);
        } else {
          expect(result.status).toBe(403);
          expect(result.error).toEqual({ detail: 'Insufficient permissions', code: 'forbidden' });
          if (customerId) expect(await readCustomer(api.db, customerId)).toEqual(before);
        }
      });
    }
  }
});
