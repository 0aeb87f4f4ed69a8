import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PresenceEvent, presenceTiming, presenceUrl } from '../../domain/presence';
import { buildApp } from '../../server/app';
import { liveStreamUrl } from '../../server/collab/live-routes';
import { openDatabase } from '../../server/db/client';
import { presence, staff } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { listenUrlOf } from './support/databases';
import { insertCustomer } from './support/fixtures';
import { openSse, type SseClient, type SseEvent } from './support/sse';
import { type Client, testSecret, useTestApi } from './support/test-api';

describeEachBackend('presence: who else has a record open, across instances', (backend) => {
  const t = useTestApi(backend);
  // On PostgreSQL the watcher's stream is on a second app instance (its own pool and LISTEN connection).
  let second: Awaited<ReturnType<typeof buildApp>> | null = null;
  let secondDb: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let base: string;
  let watcherBase: string;
  let hana: Client;
  let kenji: Client;
  const open: SseClient[] = [];
  beforeAll(async () => {
    base = await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    watcherBase = base;
    const url = t.api.database.url;
    if (backend === 'pg' && url) {
      secondDb = await openDatabase({ url, listenUrl: listenUrlOf(url) });
      second = await buildApp({ database: secondDb, config: { jwtSecret: testSecret } });
      watcherBase = await second.listen({ port: 0, host: '127.0.0.1' });
    }
    await t.api.db.update(staff).set({ firstName: 'Hana', lastName: 'Kobayashi' }).where(eq(staff.role, 'ADMIN'));
    hana = await t.api.signIn('ADMIN');
    kenji = await t.api.signIn('SUPPORT_MASTER');
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    t.api.app.server.closeAllConnections();
    second?.server.closeAllConnections();
    await second?.close();
    await secondDb?.close();
  });

  const beatAs = (who: Client, body: unknown, at = base) =>
    fetch(`${at}${presenceUrl}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const watchAs = async (who: Client, watch: string, tab?: string) => {
    const query = tab ? `watch=${watch}&tab=${tab}` : `watch=${watch}`;
    const client = await openSse(`${watcherBase}${liveStreamUrl}?${query}`, {
      authorization: `Bearer ${who.accessToken}`,
    });
    open.push(client);
    await client.next((event) => event.event === 'ready');
    return client;
  };
  /**
   * The first presence event `match` accepts among those `stream` reads after what `action` does (the stream keeps
   * every event it read: earlier ones do not count).
   */
  const after = async (stream: SseClient, action: () => Promise<unknown>, match: (event: PresenceEvent) => boolean) => {
    const from = stream.events.length;
    await action();
    return stream.next(
      (event: SseEvent) =>
        stream.events.indexOf(event) >= from && event.event === 'presence' && match(event.data as PresenceEvent),
    );
  };
  const withHana = (event: PresenceEvent) => event.people.some((person) => person.initials === 'HK');
  const withoutHana = (event: PresenceEvent) => !withHana(event);

  it('shows who opened a record, what they are doing, and that they left', async () => {
    const customer = await insertCustomer(t.api.db);
    const record = `customer:${customer.id}`;
    const watching = await watchAs(kenji, record);
    expect((await beatAs(kenji, { tab_id: 'kenji-tab-1', watch: [record] })).status).toBe(200);

    const heard = await after(watching, () => beatAs(hana, { tab_id: 'hana-tab-1', watch: [record] }), withHana);
    expect(heard.data).toMatchObject({
      record,
      people: expect.arrayContaining([
        expect.objectContaining({ name: 'Hana Kobayashi', initials: 'HK', activity: null }),
      ]),
    });

    // Kenji's own beat answers who else is there, Hana included, with since when.
    const answer = (await (await beatAs(kenji, { tab_id: 'kenji-tab-1', watch: [record] })).json()) as {
      presence: Record<string, PresenceEvent['people']>;
    };
    const hanaThere = answer.presence[record]?.find((person) => person.initials === 'HK');
    expect(Number.isNaN(Date.parse(hanaThere?.since ?? ''))).toBe(false);

    await after(
      watching,
      () => beatAs(hana, { tab_id: 'hana-tab-1', watch: [record], activity: 'in Refund project' }),
      (event) => event.people.some((person) => person.initials === 'HK' && person.activity === 'in Refund project'),
    );
    await after(watching, () => beatAs(hana, { tab_id: 'hana-tab-1', watch: [] }), withoutHana);
  });

  it('lets a closed tab go soon, and sweeps a tab that stopped beating', async () => {
    const customer = await insertCustomer(t.api.db);
    const record = `customer:${customer.id}`;
    const watching = await watchAs(kenji, record);
    const hanaStream = await watchAs(hana, record, 'hana-tab-2');
    await after(watching, () => beatAs(hana, { tab_id: 'hana-tab-2', watch: [record] }), withHana);
    // The sweeper of either instance deletes the row within the grace; the trigger tells the watcher.
    await after(watching, async () => hanaStream.close(), withoutHana);

    await after(watching, () => beatAs(hana, { tab_id: 'hana-tab-3', watch: [record] }), withHana);
    // A tab that crashed beats no more: its row ages past the expiry and is swept.
    await after(
      watching,
      () =>
        t.api.db
          .update(presence)
          .set({ beatAt: sql`now() - make_interval(secs => ${presenceTiming.expiryMs / 1000 + 1})` })
          .where(eq(presence.tabId, 'hana-tab-3')),
      withoutHana,
    );
    expect(await t.api.db.select().from(presence).where(eq(presence.tabId, 'hana-tab-3'))).toEqual([]);
  });

  it('refuses bad beats with a reason and writes nothing', async () => {
    const before = await t.api.db.select({ n: sql<number>`count(*)::int` }).from(presence);
    const bad: Array<[unknown, string]> = [
      [{ watch: ['customer:1'] }, 'presence_invalid'],
      [{ tab_id: 'x', watch: [] }, 'presence_invalid'],
      [{ tab_id: 'tab-12345', watch: 'customer:1' }, 'presence_invalid'],
      [{ tab_id: 'tab-12345', watch: ['customer:01'] }, 'live_watch_invalid'],
      [{ tab_id: 'tab-12345', watch: ['customer:1,'] }, 'live_watch_invalid'],
      [{ tab_id: 'tab-12345', watch: ['Customer:1'] }, 'live_watch_invalid'],
      [{ tab_id: 'tab-12345', watch: [], activity: 42 }, 'presence_invalid'],
      [[1, 2], 'presence_invalid'],
      ['text', 'presence_invalid'],
    ];
    for (const [body, code] of bad) {
      const answer = await beatAs(hana, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { code: string }).code, JSON.stringify(body)).toBe(code);
    }
    const anonymous = await fetch(`${base}${presenceUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tab_id: 'tab-12345', watch: [] }),
    });
    expect(anonymous.status).toBe(401);
    const after = await t.api.db.select({ n: sql<number>`count(*)::int` }).from(presence);
    expect(after).toEqual(before);
  });
});
