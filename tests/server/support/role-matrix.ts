import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type Endpoint, permissionsOfCall, targetIdOf } from '../../../domain/endpoint';
import { canAny } from '../../../domain/permissions';
import { type Role, roles } from '../../../domain/roles';
import { describeOnOneBackend } from './backends';
import { readCustomer } from './fixtures';
import type { CallInput, Client, TestApi } from './test-api';
import { useTestApi } from './test-api';

/** A valid request for a call, made fresh for every role. */
export type Sample = (api: TestApi) => Promise<CallInput>;

/**
 * What a refused call must not have written for the customer: credits, notifications, e-mails, timeline, links,
 * charges, payment attempts.
 */
async function sideEffects(api: TestApi, id: number): Promise<string> {
  const result = await api.db.execute<{ state: string }>(sql`select concat_ws('|',
    (select count(*) from customer_credits where customer_id = ${id}),
    (select count(*) from customer_notifications where customer_id = ${id} and deleted_at is null),
    (select count(*) from outbox where customer_id = ${id}),
    (select count(*) from activity_events where customer_id = ${id}),
    (select count(*) from login_as_links where customer_id = ${id}),
    (select count(*) from charges where customer_id = ${id}),
    (select count(*) from payment_attempts where customer_id = ${id})) as state`);
  return result.rows[0]?.state ?? '';
}

/**
 * Every call × every role (on `oneBackend`: PostgreSQL in CI): allowed roles get a 2xx, the others exactly 403 `Insufficient
 * permissions` with the customer row and its side effects unchanged. Each call needs a sample request.
 */
export function describeRoleMatrix(name: string, calls: readonly Endpoint[], samples: Record<string, Sample>): void {
  describeOnOneBackend(`role × call matrix (${name})`, (backend) => {
    const t = useTestApi(backend);
    const clients = {} as Record<Role, Client>;
    beforeAll(async () => {
      for (const role of roles) clients[role] = await t.api.signIn(role);
    });

    it(`has a sample request for every ${name} call`, () => {
      for (const endpoint of calls) expect(samples[endpoint.id], endpoint.id).toBeDefined();
    });

    for (const endpoint of calls) {
      for (const role of roles) {
        const allowed = canAny(role, permissionsOfCall(endpoint));
        it(`${endpoint.id} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
          const { api } = t;
          const sample = samples[endpoint.id];
          if (!sample) throw new Error(`no sample for ${endpoint.id}`);
          const input = await sample(api);
          const customerId = endpoint.target ? Number(targetIdOf(endpoint, input)) : null;
          const before = customerId ? await readCustomer(api.db, customerId) : undefined;
          const effects = customerId ? await sideEffects(api, customerId) : '';
          const options = endpoint.money ? { idempotencyKey: randomUUID() } : undefined;
          const result = await clients[role].call(endpoint, input, options);
          if (allowed) {
            expect(result.status, JSON.stringify(result.json)).toBeGreaterThanOrEqual(200);
            expect(result.status).toBeLessThan(300);
          } else {
            expect(result.status).toBe(403);
            expect(result.error).toEqual({ detail: 'Insufficient permissions', code: 'forbidden' });
            if (customerId) {
              expect(await readCustomer(api.db, customerId)).toEqual(before);
              expect(await sideEffects(api, customerId)).toBe(effects);
            }
          }
        });
      }
    }
  });
}
