import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys } from '../../server/db/schema';
import { requestHashOf } from '../../server/http/idempotency';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { testCalls, testCreditHandler } from './support/money-call';
import { useTestApi } from './support/test-api';

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

describeEachBackend('idempotency of money calls', (backend) => {
  const t = useTestApi(backend, { extraHandlers: [testCreditHandler], config: { idempotencyWaitMs: 400 } });

  async function setup() {
    const { api } = t;
    const customer = await insertCustomer(api.db, { referredSignups: 0 });
    const client = await api.signIn('SUPPORT_PL2');
    const signups = async () => (await readCustomer(api.db, customer.id))?.referredSignups;
    return { api, customer, client, signups };
  }

  it('needs an Idempotency-Key (400) and changes nothing without one', async () => {
    const { customer, client, signups } = await setup();
    const result = await client.post(testCalls.credit, { user_id: customer.id }, { amount: 5 });
    expect(result.status).toBe(400);
    expect(result.error.code).toBe('idempotency_key_missing');
    expect(await signups()).toBe(0);
  });

  it('replays the first answer for the same key and runs the call once', async () => {
    const { customer, client, signups } = await setup();
    const idempotencyKey = newKey();
    const first = await client.post(testCalls.credit, { user_id: customer.id }, { amount: 5 }, { idempotencyKey });
    const second = await client.post(testCalls.credit, { user_id: customer.id }, { amount: 5 }, { idempotencyKey });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await signups()).toBe(5);
  });

  it('answers 422 for the same key with a different body', async () => {
    const { customer, client, signups } = await setup();
    const idempotencyKey = newKey();
    await client.post(testCalls.credit, { user_id: customer.id }, { amount: 5 }, { idempotencyKey });
    const other = await client.post(testCalls.credit, { user_id: customer.id }, { amount: 6 }, { idempotencyKey });
    expect(other.status).toBe(422);
    expect(other.error.code).toBe('idempotency_key_reused');
    expect(await signups()).toBe(5);
  });

  it('keeps keys per staff member', async () => {
    const { api, customer, client, signups } = await setup();
    const idempotencyKey = newKey();
    const colleague = await api.signIn('SUPPORT_MASTER');
    await client.post(testCalls.credit, { user_id: customer.id }, { amount: 2 }, { idempotencyKey });
    const theirs = await colleague.post(testCalls.credit, { user_id: customer.id }, { amount: 2 }, { idempotencyKey });
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await signups()).toBe(4);
  });

  it('runs two concurrent requests with the same key once; both get the same answer', async () => {
    const { customer, client, signups } = await setup();
    const idempotencyKey = newKey();
    const body = { amount: 3, delay_ms: 150 };
    const [a, b] = await Promise.all([
      client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey }),
      client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual(b.json);
    expect(await signups()).toBe(3);
  });

  it('waits for a running claim to finish and replays it; still running after the wait → 409', async () => {
    const { api, customer, client, signups } = await setup();
    const staffId = api.staff.SUPPORT_PL2.id;
    const body = { amount: 7 };
    const requestHash = requestHashOf(testCalls.credit.id, { user_id: customer.id }, {}, { amount: 7, delay_ms: 0 });
    const stuck = newKey();
    await api.db
      .insert(idempotencyKeys)
      .values({ staffId, key: stuck, callId: testCalls.credit.id, requestHash, state: 'running' });
    const started = Date.now();
    const busy = await client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey: stuck });
    expect(busy.status).toBe(409);
    expect(busy.error.code).toBe('idempotency_in_progress');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);

    const finishing = newKey();
    await api.db
      .insert(idempotencyKeys)
      .values({ staffId, key: finishing, callId: testCalls.credit.id, requestHash, state: 'running' });
    const waiting = client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey: finishing });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stored = { user_id: customer.id, total: 99, capped: false };
    await api.db
      .update(idempotencyKeys)
      .set({ state: 'done', status: 200, answer: stored })
      .where(and(eq(idempotencyKeys.staffId, staffId), eq(idempotencyKeys.key, finishing)));
    const replayed = await waiting;
    expect(replayed.status).toBe(200);
    expect(replayed.json).toEqual(stored);
    expect(await signups()).toBe(0);
  });

  it('reclaims a claim abandoned for over a minute', async () => {
    const { api, customer, client, signups } = await setup();
    const key = newKey();
    const requestHash = requestHashOf(testCalls.credit.id, { user_id: customer.id }, {}, { amount: 4, delay_ms: 0 });
    await api.db.insert(idempotencyKeys).values({
      staffId: api.staff.SUPPORT_PL2.id,
      key,
      callId: testCalls.credit.id,
      requestHash,
      state: 'running',
      createdAt: sql`now() - interval '61 seconds'`,
    });
    const result = await client.post(
      testCalls.credit,
      { user_id: customer.id },
      { amount: 4 },
      { idempotencyKey: key },
    );
    expect(result.status).toBe(200);
    expect(await signups()).toBe(4);
  });

  it('stores and replays a 4xx answer; the failed call changed nothing', async () => {
    const { customer, client, signups } = await setup();
    const idempotencyKey = newKey();
    const body = { amount: 5, fail_with: 'conflict' as const };
    const first = await client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey });
    expect(first.status).toBe(409);
    const again = await client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey });
    expect(again.status).toBe(409);
    expect(again.json).toEqual(first.json);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await signups()).toBe(0);
  });

  it('forgets the key after a server error so that a retry runs again', async () => {
    const { api, customer, client, signups } = await setup();
    const idempotencyKey = newKey();
    const body = { amount: 5, fail_with: 'crash' as const };
    const first = await client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey });
    expect(first.status).toBe(500);
    expect(first.error).toEqual({ detail: 'Server Error - Contact Support', code: 'internal' });
    const claims = await api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, idempotencyKey));
    expect(claims).toEqual([]);
    const retry = await client.post(testCalls.credit, { user_id: customer.id }, body, { idempotencyKey });
    expect(retry.status).toBe(500);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await signups()).toBe(0);
  });

  it('lets a role with only the capped permission through, and the handler sees it with can()', async () => {
    const { api, customer, signups } = await setup();
    const pl1 = await api.signIn('SUPPORT_PL1');
    const capped = await pl1.post(
      testCalls.credit,
      { user_id: customer.id },
      { amount: 1 },
      { idempotencyKey: newKey() },
    );
    expect(capped.status).toBe(200);
    expect(capped.json.capped).toBe(true);
    expect(await signups()).toBe(1);
  });
});
