import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys } from '../../server/db/schema';
import { leaseSeconds, requestHashOf } from '../../server/http/idempotency';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { testCalls, testCreditHandler } from './support/money-call';
import { useTestApi } from './support/test-api';

let keys = 0;
const newKey = () => `takeover-${Date.now()}-${++keys}`;

describeEachBackend('idempotency claims of a process that is gone', (backend) => {
  const t = useTestApi(backend, { extraHandlers: [testCreditHandler], config: { idempotencyWaitMs: 15_000 } });

  async function setup() {
    const { api } = t;
    const customer = await insertCustomer(api.db, { referredSignups: 0 });
    const client = await api.signIn('SUPPORT_PL2');
    const signups = async () => (await readCustomer(api.db, customer.id))?.referredSignups;
    const claimOf = async (key: string) =>
      (
        await api.db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.staffId, api.staff.SUPPORT_PL2.id), eq(idempotencyKeys.key, key)))
      )[0];
    return { api, customer, client, signups, claimOf };
  }

  it('a retry takes over the claim of a crashed request once its lease lapses, and the money moves once', async () => {
    const { api, customer, client, signups, claimOf } = await setup();
    const key = newKey();
    const requestHash = requestHashOf(testCalls.credit.id, { user_id: customer.id }, {}, { amount: 6, delay_ms: 0 });
    // What a process killed mid-request leaves: a running claim whose lease it renewed a moment ago.
    await api.db.insert(idempotencyKeys).values({
      staffId: api.staff.SUPPORT_PL2.id,
      key,
      callId: testCalls.credit.id,
      requestHash,
      state: 'running',
      owner: 'killed-process',
      leaseUntil: sql`now() + interval '2 seconds'`,
    });
    const started = Date.now();
    const retry = await client.post(testCalls.credit, { user_id: customer.id }, { amount: 6 }, { idempotencyKey: key });
    expect(retry.status).toBe(200);
    expect(Date.now() - started).toBeLessThan((leaseSeconds + 5) * 1000);
    expect(await signups()).toBe(6);
    expect(await claimOf(key)).toMatchObject({ state: 'done', status: 200 });
    const again = await client.post(testCalls.credit, { user_id: customer.id }, { amount: 6 }, { idempotencyKey: key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(retry.json);
    expect(await signups()).toBe(6);
  });

  it('keeps renewing the lease of a live request that runs longer than the lease: no takeover, one answer', async () => {
    const { customer, client, signups } = await setup();
    const key = newKey();
    const body = { amount: 3, delay_ms: (leaseSeconds + 1) * 1000 };
    const first = client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey: key });
    const answered = await first;
    expect(answered.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await signups()).toBe(3);
  });

  it('a request that lost its claim commits nothing and says so (409); the money moves only with the claim', async () => {
    const { api, customer, client, signups } = await setup();
    const key = newKey();
    const pending = client.post(
      testCalls.credit,
      { user_id: customer.id },
      { amount: 4, delay_ms: 500 },
      { idempotencyKey: key },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // As if a retry elsewhere had taken the claim over while this request stalled.
    await api.db
      .update(idempotencyKeys)
      .set({ owner: 'another-request', leaseUntil: sql`now() + interval '1 minute'` })
      .where(
        and(
          eq(idempotencyKeys.staffId, api.staff.SUPPORT_PL2.id),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'running'),
        ),
      );
    const result = await pending;
    if (backend === 'pg') {
      expect(result.status).toBe(409);
      expect(result.error.code).toBe('idempotency_in_progress');
      expect(await signups()).toBe(0);
    } else {
      // PGlite runs one statement at a time: the takeover waits for the request's transaction, which finishes first.
      expect(result.status).toBe(200);
      expect(await signups()).toBe(4);
    }
  });
});
