import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { liveStreamUrl } from '../../server/collab/live-routes';
import { staff } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { openSse, type SseClient, type SseEvent } from './support/sse';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('live stream: changes to the watched records, resumed, re-authenticated, capped', (backend) => {
  const t = useTestApi(backend, { config: { liveStreamsPerStaff: 3 } });
  let base: string;
  let admin: Client;
  const open: SseClient[] = [];
  beforeAll(async () => {
    base = await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.api.signIn('ADMIN');
    await t.api.db.update(staff).set({ firstName: 'Hana', lastName: 'Kobayashi' }).where(eq(staff.role, 'ADMIN'));
  });
  afterAll(() => {
    for (const stream of open) stream.close();
    // Keep-alive sockets of this file's fetches would hold the server's close until they time out.
    t.api.app.server.closeAllConnections();
  });

  const stream = async (who: Client, watch: string, headers: Record<string, string> = {}) => {
    const client = await openSse(`${base}${liveStreamUrl}?watch=${watch}`, {
      authorization: `Bearer ${who.accessToken}`,
      ...headers,
    });
    open.push(client);
    return client;
  };
  const isChange = (event: SseEvent) => event.event === 'change';
  const giveCredit = (customerId: number, amount: number) =>
    admin.post(
      api.userActions.giveCredit,
      { user_id: customerId },
      { amount, reason: 'SURVEY' },
      {
        idempotencyKey: randomUUID(),
      },
    );

  it('sends a change to a watched customer, saying who did what, and nothing for others', async () => {
    const customer = await insertCustomer(t.api.db, { currency: 'USD' });
    const other = await insertCustomer(t.api.db);
    const master = await t.api.signIn('SUPPORT_MASTER');
    const watching = await stream(master, `customer:${customer.id}`);
    expect(watching.status).toBe(200);
    await watching.next((event) => event.event === 'ready');
    expect((await giveCredit(other.id, 3)).status).toBe(200);
    expect((await giveCredit(customer.id, 10)).status).toBe(200);
    const change = await watching.next(isChange);
    expect(change.data).toMatchObject({
      kind: 'customer',
      target: String(customer.id),
      call_id: 'userActions.giveCredit',
      staff_name: 'Hana Kobayashi',
      text: 'Hana Kobayashi gave $10.00 of credit',
    });
    expect(change.id).toBe(String((change.data as { id: number }).id));
    expect(watching.events.filter(isChange)).toHaveLength(1);
    watching.close();
  });

  it('resumes after Last-Event-ID without losing what happened while it was away', async () => {
    const customer = await insertCustomer(t.api.db, { currency: 'USD' });
    const first = await stream(admin, `customer:${customer.id}`);
    await first.next((event) => event.event === 'ready');
    await giveCredit(customer.id, 1);
    const seen = await first.next(isChange);
    first.close();
    await giveCredit(customer.id, 2);
    await giveCredit(customer.id, 4);
    const again = await stream(admin, `customer:${customer.id}`, { 'last-event-id': String(seen.id) });
    const missed = await again.next(
      (event) => isChange(event) && /\$4\.00/.test(String((event.data as { text: string }).text)),
    );
    const texts = again.events.filter(isChange).map((event) => (event.data as { text: string }).text);
    expect(texts).toContain('Hana Kobayashi gave $2.00 of credit');
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    again.close();
  });

  it('closes at once for a revoked session or a changed role, and refuses a bad token or watch list', async () => {
    const leaving = await t.api.signIn('SUPPORT_PL1');
    const revoked = await stream(leaving, 'customer:1');
    await revoked.next((event) => event.event === 'ready');
    await leaving.post(api.auth.logout, {}, {});
    expect((await revoked.next((event) => event.event === 'closed')).data).toEqual({ reason: 'session_revoked' });

    const demoted = await t.api.signIn('SUPPORT_PL2');
    const before = await stream(demoted, 'customer:1');
    await before.next((event) => event.event === 'ready');
    const role = await admin.put(
      api.staffAccounts.setRole,
      { staff_id: t.api.staff.SUPPORT_PL2.id },
      { role: 'SUPPORT_PL1' },
    );
    expect(role.status).toBe(200);
    expect((await before.next((event) => event.event === 'closed')).data).toEqual({ reason: 'role_changed' });

    const forged = await openSse(`${base}${liveStreamUrl}`, { authorization: 'Bearer not.a.token' });
    expect(forged.status).toBe(401);
    for (const watch of ['customer:057', 'customer', 'a:1,'.repeat(21), 'customer:+5']) {
      const bad = await openSse(`${base}${liveStreamUrl}?watch=${encodeURIComponent(watch)}`, {
        authorization: `Bearer ${admin.accessToken}`,
      });
      expect(bad.status, watch).toBe(400);
      expect(JSON.parse(bad.body).code).toBe('live_watch_invalid');
    }
  });

  it('refuses streams past the per-staff cap with 429 and keeps serving', async () => {
    const agent = await t.api.signIn('SUPPORT_MASTER');
    const held = await Promise.all([1, 2, 3].map(() => stream(agent, 'customer:1')));
    expect(held.map((each) => each.status)).toEqual([200, 200, 200]);
    const refused = await Promise.all([4, 5, 6, 7, 8].map(() => stream(agent, 'customer:1')));
    expect(refused.map((each) => each.status)).toEqual([429, 429, 429, 429, 429]);
    expect(JSON.parse(refused[0]?.body ?? '{}').code).toBe('live_streams_exceeded');
    expect((await stream(admin, 'customer:1')).status).toBe(200);
    expect((await agent.get(api.users.get, { user_id: 1 })).status).not.toBe(500);
    held[0]?.close();
    await held[0]?.ended;
    await expect.poll(async () => (await stream(agent, 'customer:1')).status).toBe(200);
  });
});
