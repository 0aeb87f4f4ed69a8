import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { liveStreamUrl } from '../../server/collab/live-routes';
import { openDatabase } from '../../server/db/client';
import { approvalRequests, approvalThresholds, auditLog, customerCredits } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { backends, listenUrlOf } from './support/databases';
import { insertCustomer } from './support/fixtures';
import { openSse, type SseEvent } from './support/sse';
import { type Client, type TestApi, testSecret, useTestApi } from './support/test-api';

let keys = 0;
const newKey = () => `approvals-${Date.now()}-${++keys}`;

function give(api: TestApi, client: Client, customerId: number, amount: number) {
  return client.post(
    api.userActions.giveCredit,
    { user_id: customerId },
    { amount, reason: 'SURVEY' },
    { idempotencyKey: newKey() },
  );
}

/**
 * No role needs approval until an admin sets a threshold (only the demo seed sets one): these tests set the example
 * threshold, credits above $200 for SUPPORT_MASTER, as an admin would.
 */
async function masterThreshold(api: TestApi): Promise<void> {
  await api.db
    .insert(approvalThresholds)
    .values({ role: 'SUPPORT_MASTER', creditAboveMinor: 20000 })
    .onConflictDoUpdate({ target: approvalThresholds.role, set: { creditAboveMinor: 20000 } });
}

function request(api: TestApi, client: Client, customerId: number, amount: number) {
  return client.post(api.approvals.request, {}, { user_id: customerId, amount, reason: 'SURVEY' });
}

async function credits(api: TestApi, customerId: number) {
  const rows = await api.db.select().from(customerCredits).where(eq(customerCredits.customerId, customerId));
  return rows.map((row) => ({ amount: row.amount, staffId: row.staffId }));
}

describeEachBackend('a second person for big money: credit approvals', (backend) => {
  const t = useTestApi(backend);
  beforeEach(() => masterThreshold(t.api));
  // The stream test's sockets (the SSE response, keep-alive fetches) would hold the server's close until they time out.
  afterAll(() => t.api.app.server.closeAllConnections());

  it('sends a SUPPORT_MASTER credit above $200 to approval; an admin approves it once, as requested', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { firstName: 'Kenji', lastName: 'Tran' });
    const master = await api.signIn('SUPPORT_MASTER');
    const admin = await api.signIn('ADMIN');

    expect((await give(api, master, customer.id, 200)).status).toBe(200);
    const over = await give(api, master, customer.id, 250);
    expect(over.status).toBe(403);
    expect(over.error).toEqual({
      code: 'approval_required',
      field: 'amount',
      detail: 'amount: credits above $200.00 need a second person’s approval for your role; request approval',
    });
    // An admin has no threshold: the same credit goes through directly.
    expect((await give(api, admin, customer.id, 250)).status).toBe(200);

    const asked = await request(api, master, customer.id, 250);
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({
      kind: 'credit',
      user_id: customer.id,
      project_id: null,
      customer_name: 'Kenji Tran',
      requested_by: api.staff.SUPPORT_MASTER.id,
      status: 'PENDING',
      value: { amount: 25000 },
      args: { amount: 250, reason: 'SURVEY' },
    });
    const id = asked.json.id;
    const waiting = await admin.get(api.approvals.list);
    expect(waiting.json.map((each) => each.id)).toContain(id);

    const own = await master.post(api.approvals.approve, { approval_id: id }, undefined, { idempotencyKey: newKey() });
    expect(own.status).toBe(403);
    expect(own.error.code).toBe('approval_own_request');
    expect((await master.post(api.approvals.reject, { approval_id: id }, { reason: 'changed my mind' })).status).toBe(
      403,
    );

    const approved = await admin.post(api.approvals.approve, { approval_id: id }, undefined, {
      idempotencyKey: newKey(),
    });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({
      status: 'APPROVED',
      decided_by: api.staff.ADMIN.id,
      decided_by_name: 'ADMIN Tester',
    });
    const again = await admin.post(api.approvals.approve, { approval_id: id }, undefined, { idempotencyKey: newKey() });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      code: 'approval_decided',
      detail: 'This request was approved already by ADMIN Tester',
    });

    // The ledger: the direct $200 and the admin's $250, and the approved $250 once, given in the requester's name.
    expect(await credits(api, customer.id)).toEqual(
      expect.arrayContaining([
        { amount: 20000, staffId: api.staff.SUPPORT_MASTER.id },
        { amount: 25000, staffId: api.staff.ADMIN.id },
        { amount: 25000, staffId: api.staff.SUPPORT_MASTER.id },
      ]),
    );
    expect(await credits(api, customer.id)).toHaveLength(3);
    expect(approved.json.credit_id).not.toBeNull();

    // Audited: the request on the customer, the decisions on the approval (which the requester's stream watches).
    const audit = await api.db
      .select({ callId: auditLog.callId, status: auditLog.status, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'approval'), eq(auditLog.targetId, String(id))));
    expect(audit).toEqual(
      expect.arrayContaining([
        { callId: 'approvals.approve', status: 200, staffId: api.staff.ADMIN.id },
        { callId: 'approvals.approve', status: 409, staffId: api.staff.ADMIN.id },
        { callId: 'approvals.approve', status: 403, staffId: api.staff.SUPPORT_MASTER.id },
      ]),
    );
  });

  it('rejects with a reason, refuses after 24 hours with 410, and refuses requests that need none', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'EUR' });
    const master = await api.signIn('SUPPORT_MASTER');
    const admin = await api.signIn('ADMIN');

    const small = await request(api, master, customer.id, 150);
    expect(small.status).toBe(400);
    expect(small.error.detail).toBe('amount: up to €200.00 your role gives credit directly; no approval needed');
    expect((await request(api, admin, customer.id, 500)).error.detail).toBe(
      'amount: your role needs no approval for credits; give it directly',
    );

    const first = (await request(api, master, customer.id, 300)).json;
    const noReason = await admin.post(api.approvals.reject, { approval_id: first.id }, { reason: '' });
    expect(noReason.status).toBe(400);
    const rejected = await admin.post(
      api.approvals.reject,
      { approval_id: first.id },
      { reason: 'Over the goodwill budget' },
    );
    expect(rejected.json).toMatchObject({ status: 'REJECTED', reason: 'Over the goodwill budget' });
    expect(
      (await admin.post(api.approvals.approve, { approval_id: first.id }, undefined, { idempotencyKey: newKey() }))
        .status,
    ).toBe(409);

    const late = (await request(api, master, customer.id, 300)).json;
    await api.db
      .update(approvalRequests)
      .set({ createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-02T00:00:00Z' })
      .where(eq(approvalRequests.id, late.id));
    const expired = await admin.post(api.approvals.approve, { approval_id: late.id }, undefined, {
      idempotencyKey: newKey(),
    });
    expect(expired.status).toBe(410);
    expect(expired.error.code).toBe('approval_expired');
    expect((await admin.get(api.approvals.list)).json.map((each) => each.id)).not.toContain(late.id);
    expect(
      (await admin.post(api.approvals.approve, { approval_id: 999999 }, undefined, { idempotencyKey: newKey() }))
        .status,
    ).toBe(404);
    expect(await credits(api, customer.id)).toEqual([]);

    // A role without the refund permission cannot decide at all.
    const pl2 = await api.signIn('SUPPORT_PL2');
    expect(
      (await pl2.post(api.approvals.approve, { approval_id: first.id }, undefined, { idempotencyKey: newKey() }))
        .status,
    ).toBe(403);
  });

  it('tells the requester live, on their stream watching the request, when it is approved or rejected', async () => {
    const { api } = t;
    const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const customer = await insertCustomer(api.db);
    const master = await api.signIn('SUPPORT_MASTER');
    const admin = await api.signIn('ADMIN');
    const approved = (await request(api, master, customer.id, 210)).json.id;
    const rejected = (await request(api, master, customer.id, 220)).json.id;
    const stream = await openSse(`${base}${liveStreamUrl}?watch=approval:${approved},approval:${rejected}`, {
      authorization: `Bearer ${master.accessToken}`,
    });
    try {
      await stream.next((event) => event.event === 'ready');
      expect(
        (await admin.post(api.approvals.approve, { approval_id: approved }, undefined, { idempotencyKey: newKey() }))
          .status,
      ).toBe(200);
      expect((await admin.post(api.approvals.reject, { approval_id: rejected }, { reason: 'Too much' })).status).toBe(
        200,
      );
      const about = (id: number) => (event: SseEvent) =>
        event.event === 'change' && (event.data as { target?: string }).target === String(id);
      const first = await stream.next(about(approved));
      expect(first.data).toMatchObject({ target: String(approved), text: 'ADMIN Tester approved the request' });
      const second = await stream.next(about(rejected));
      expect(second.data).toMatchObject({ target: String(rejected), text: 'ADMIN Tester rejected the request' });
    } finally {
      stream.close();
      api.app.server.closeAllConnections();
    }
  });

  it('lets an admin edit the thresholds, and only an admin', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    const master = await api.signIn('SUPPORT_MASTER');
    const before = await master.get(api.approvals.thresholds);
    expect(before.json).toContainEqual({ role: 'SUPPORT_MASTER', credit_above: 200, refund_above: null });
    expect(before.json).toContainEqual({ role: 'ADMIN', credit_above: null, refund_above: null });
    const body = { thresholds: [{ role: 'SUPPORT_PL2', credit_above: 50 }] };
    expect((await master.put(api.approvals.setThresholds, {}, body)).status).toBe(403);
    const set = await admin.put(api.approvals.setThresholds, {}, body);
    expect(set.status).toBe(200);
    expect(set.json).toContainEqual({ role: 'SUPPORT_PL2', credit_above: 50, refund_above: null });
    const customer = await insertCustomer(api.db);
    const pl2 = await api.signIn('SUPPORT_PL2');
    expect((await give(api, pl2, customer.id, 50)).status).toBe(200);
    expect((await give(api, pl2, customer.id, 50.01)).error.code).toBe('approval_required');
    expect(
      (await admin.put(api.approvals.setThresholds, {}, { thresholds: [{ role: 'NOBODY', credit_above: 1 }] })).status,
    ).toBe(400);
  });
});

for (const backend of backends.filter((each) => each === 'pg')) {
  describe(`two approvers on two instances approve one request at once: it runs once [${backend}]`, () => {
    const t = useTestApi(backend);
    let second: Awaited<ReturnType<typeof buildApp>>;
    let secondDb: Awaited<ReturnType<typeof openDatabase>>;
    beforeAll(async () => {
      const url = t.api.database.url;
      if (!url) throw new Error('no database url');
      secondDb = await openDatabase({ url, listenUrl: listenUrlOf(url) });
      second = await buildApp({
        database: secondDb,
        config: { jwtSecret: testSecret, anonymousRate: { burst: 1e6, perMinute: 1e6 } },
      });
    });
    beforeEach(() => masterThreshold(t.api));
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    it('answers one 200 and one 409 and writes one credit, 10 times over', async () => {
      const { api } = t;
      const master = await api.signIn('SUPPORT_MASTER');
      const admin = await api.signIn('ADMIN');
      for (let trial = 0; trial < 10; trial++) {
        const customer = await insertCustomer(api.db);
        const id = (await request(api, master, customer.id, 300)).json.id;
        const onSecond = second.inject({
          method: 'POST',
          url: `/admin/approvals/${id}/approve`,
          headers: {
            authorization: `Bearer ${admin.accessToken}`,
            'x-xsrf-token': admin.xsrfToken ?? '',
            'idempotency-key': newKey(),
            cookie: `XSRF-TOKEN=${admin.xsrfToken}`,
          },
        });
        const [a, b] = await Promise.all([
          admin.post(api.approvals.approve, { approval_id: id }, undefined, { idempotencyKey: newKey() }),
          onSecond,
        ]);
        expect([a.status, b.statusCode].sort()).toEqual([200, 409]);
        expect(await credits(api, customer.id)).toEqual([{ amount: 30000, staffId: api.staff.SUPPORT_MASTER.id }]);
      }
    });
  });
}
