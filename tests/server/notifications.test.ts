import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appConfig } from '../../server/config';
import { customerNotifications, notificationBroadcasts } from '../../server/db/schema';
import { fileStoreFrom } from '../../server/files/choose-store';
import { JobWorker } from '../../server/jobs';
import { broadcastSizing } from '../../server/notifications/sending';
import { deliverDueWebhooks, webhookRetry } from '../../server/notifications/webhook';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, testSecret, useTestApi } from './support/test-api';

/** The customer-messaging service: answers 500 to the first `failures` posts, then 200; keeps what it got. */
let failures = 0;
const received: unknown[] = [];
const webhook: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    if (request.url === '/redirect') {
      response.writeHead(302, { Location: '/push' }).end();
      return;
    }
    received.push({ body: JSON.parse(body), authorization: request.headers.authorization });
    if (failures > 0) {
      failures -= 1;
      response.writeHead(500).end();
    } else response.writeHead(200).end('{}');
  });
});
await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
process.env.NOTIFICATIONS_WEBHOOK_URL = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/push`;
process.env.NOTIFICATIONS_WEBHOOK_TOKEN = 'webhook-secret';
// The app's own poller stays out of the way: the test calls deliverDueWebhooks itself.
webhookRetry.pollMs = 3_600_000;
afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())));

const message = {
  title: 'New presets are here',
  content: 'Try the film presets in the editor.',
  category: 'NEW',
  sentiment: 'POSITIVE',
  trigger_type: 'BROADCAST',
  link: '/presets',
} as const;
const activeInGB = {
  filters: [
    { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
    { kind: 'multi', column: 'country', op: 'equal', value: ['GB'] },
  ],
} as const;

describeEachBackend('notifications: sent to a segment in the background, exactly once per customer', (backend) => {
  const t = useTestApi(backend);
  let marketer: Client;
  const workers: JobWorker[] = [];
  const worker = (afterBatch?: (jobId: number) => void) => {
    const created = new JobWorker(t.api.db, {
      pollMs: 20,
      leaseSeconds: 1,
      services: { config: appConfig({ jwtSecret: testSecret }), handlers: [], files: fileStoreFrom() },
      onError: () => {},
      onTransient: () => {},
      afterBatch,
    });
    workers.push(created);
    return created;
  };
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
    for (let i = 0; i < 14; i++) {
      await insertCustomer(t.api.db, {
        country: i % 7 === 0 ? 'US' : 'GB',
        status: i % 5 === 0 ? 'SUSPENDED' : 'ACTIVE',
      });
    }
  });
  afterAll(async () => {
    for (const each of workers) await each.stop();
  });
  const deliveriesOf = async (id: number) =>
    t.api.db.select().from(customerNotifications).where(eq(customerNotifications.broadcastId, id));
  const notificationsPerCustomer = async (title: string) => {
    const rows = await t.api.db.execute<{ customer_id: number; n: number }>(
      sql`select customer_id, count(*)::int as n from customer_notifications where title = ${title} group by customer_id`,
    );
    return rows.rows;
  };

  it('answers the options and the customer-messaging JSON with the webhook settings (token masked)', async () => {
    const categories = (await marketer.get(t.api.notifications.categoryOptions)).json.options.map((o) => o.value);
    expect(categories).toContain('SPECIAL_OFFER');
    expect((await marketer.get(t.api.notifications.sentimentOptions)).json.options).toHaveLength(3);
    expect((await marketer.get(t.api.notifications.triggerOptions)).json.options.map((o) => o.value)).toEqual([
      'BROADCAST',
      'CAMPAIGN',
    ]);
    const generated = await marketer.post(t.api.notifications.generate, {}, message);
    expect(generated.status).toBe(200);
    expect(generated.json.data).toMatchObject({
      notification: { title: message.title, category: 'NEW', link: '/presets' },
    });
    expect(generated.json.webhook_settings.post).toBe(process.env.NOTIFICATIONS_WEBHOOK_URL);
    expect(generated.json.webhook_settings.headers.Authorization).not.toContain('webhook-secret');
  });

  it('counts a segment before sending exactly as users_filter does; an empty one is 0 and refused', async () => {
    const preflight = await marketer.post(t.api.notifications.preflight, {}, { segment: activeInGB });
    const filtered = await marketer.post(t.api.users.filter, {}, { filters: activeInGB.filters, page_size: 1 });
    expect(preflight.json.count).toBeGreaterThan(0);
    expect(preflight.json.count).toBe(filtered.json.meta.total_number_of_users);
    const nobody = { filters: [{ kind: 'text', column: 'email', op: 'equal', value: 'nobody@nowhere.example' }] };
    expect((await marketer.post(t.api.notifications.preflight, {}, { segment: nobody })).json.count).toBe(0);
    const before = (await t.api.db.select().from(notificationBroadcasts)).length;
    const refused = await marketer.post(t.api.notifications.send, {}, { ...message, segment: nobody });
    expect(refused.status).toBe(400);
    expect(refused.error.code).toBe('broadcast_empty_segment');
    expect((await t.api.db.select().from(notificationBroadcasts)).length).toBe(before);
  });

  it('sends to every customer of the segment once; they see it on their notifications tab; the row says Sent', async () => {
    const title = 'Sent to GB';
    const sent = await marketer.post(t.api.notifications.send, {}, { ...message, title, segment: activeInGB });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.notification).toMatchObject({ status: 'Pending', sending_state: 'SENDING', sent_count: 0 });
    const segmentSize = sent.json.notification.recipients_total;
    expect(await worker().runNext()).toBe(true);
    const perCustomer = await notificationsPerCustomer(title);
    expect(perCustomer).toHaveLength(segmentSize);
    expect(perCustomer.every((row) => Number(row.n) === 1)).toBe(true);
    const [one] = perCustomer;
    const tab = await marketer.get(t.api.userDetails.notifications, { user_id: Number(one?.customer_id) });
    expect(tab.json.notifications.map((notification) => notification.title)).toContain(title);
    const row = (await marketer.get(t.api.notifications.list)).json.notifications.find(
      (n) => n.id === sent.json.notification.id,
    );
    expect(row).toMatchObject({ status: 'Sent', sending_state: 'SENT', sent_count: segmentSize, progress: 100 });
  });

  it('keeps a scheduled one Pending until send_at: no worker runs it before', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const title = 'Scheduled';
    const sent = await marketer.post(
      t.api.notifications.send,
      {},
      { ...message, title, send_at: inAnHour, segment: activeInGB },
    );
    expect(sent.json.notification).toMatchObject({ status: 'Pending', sending_state: 'SCHEDULED' });
    expect(Date.parse(sent.json.notification.send_at ?? '')).toBe(Date.parse(inAnHour));
    expect(await worker().runNext()).toBe(false);
    expect(await notificationsPerCustomer(title)).toEqual([]);
    const cancelled = await marketer.post(t.api.notifications.cancel, { notification_id: sent.json.notification.id });
    expect(cancelled.json.notification.sending_state).toBe('CANCELLED');
    expect(
      (await marketer.post(t.api.notifications.cancel, { notification_id: sent.json.notification.id })).status,
    ).toBe(409);
  });

  it('resumes after a server died mid-send with no customer twice and none missed', async () => {
    const sizing = { ...broadcastSizing };
    broadcastSizing.customersPerItem = 2;
    broadcastSizing.itemsPerBatch = 1;
    try {
      const title = 'Survives a restart';
      const sent = await marketer.post(t.api.notifications.send, {}, { ...message, title, segment: { filters: [] } });
      const id = sent.json.notification.id;
      const everyone = sent.json.notification.recipients_total;
      // The first server commits two batches, then dies: its job stays claimed until the lease lapses.
      let batches = 0;
      const first = worker(() => {
        batches += 1;
        if (batches === 2) void first.stop();
      });
      await first.runNext();
      const [broadcast] = await t.api.db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, id));
      await t.api.db.execute(sql`update jobs set state = 'running', worker_id = 'killed',
        locked_until = now() - interval '1 second' where id = ${Number(broadcast?.jobId)}`);
      const partial = (await deliveriesOf(id)).length;
      expect(partial).toBe(4);
      expect(await worker().runNext()).toBe(true);
      const perCustomer = await notificationsPerCustomer(title);
      expect(perCustomer).toHaveLength(everyone);
      expect(perCustomer.every((row) => Number(row.n) === 1)).toBe(true);
      expect((await deliveriesOf(id)).length).toBe(everyone);
      const row = (await marketer.get(t.api.notifications.list)).json.notifications.find((n) => n.id === id);
      expect(row).toMatchObject({ sending_state: 'SENT', sent_count: everyone });
    } finally {
      Object.assign(broadcastSizing, sizing);
    }
  });

  it('calls the webhook with retries and backoff; a webhook that keeps failing is reported on the row', async () => {
    webhookRetry.baseMs = 10;
    const hook = { url: process.env.NOTIFICATIONS_WEBHOOK_URL ?? '', token: 'webhook-secret' };
    await deliverDueWebhooks(t.api.db, hook); // the earlier tests' sendings
    const sent = await marketer.post(
      t.api.notifications.send,
      {},
      { ...message, title: 'Webhook', segment: activeInGB },
    );
    failures = 2;
    received.length = 0;
    for (let i = 0; i < 50 && received.length < 3; i++) {
      await deliverDueWebhooks(t.api.db, hook);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received).toHaveLength(3);
    expect(received[2]).toMatchObject({
      authorization: 'Bearer webhook-secret',
      body: { notification_id: sent.json.notification.id, notification: { title: 'Webhook' } },
    });
    const delivered = (await marketer.get(t.api.notifications.list)).json.notifications.find(
      (n) => n.id === sent.json.notification.id,
    );
    expect(delivered).toMatchObject({ webhook_state: 'DELIVERED', webhook_attempts: 3, webhook_error: null });

    const failing = await marketer.post(
      t.api.notifications.send,
      {},
      { ...message, title: 'Hook down', segment: activeInGB },
    );
    failures = 1000;
    for (let i = 0; i < 50; i++) {
      await deliverDueWebhooks(t.api.db, { url: process.env.NOTIFICATIONS_WEBHOOK_URL ?? '', token: null });
      const [row] = await t.api.db
        .select()
        .from(notificationBroadcasts)
        .where(eq(notificationBroadcasts.id, failing.json.notification.id));
      if (row?.webhookState === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    failures = 0;
    const failed = (await marketer.get(t.api.notifications.list)).json.notifications.find(
      (n) => n.id === failing.json.notification.id,
    );
    expect(failed).toMatchObject({ webhook_state: 'FAILED', webhook_attempts: webhookRetry.maxAttempts });
    expect(failed?.webhook_error).toContain('answered 500');
    expect(failed?.webhook_error).toContain('gave up after 5 attempts');
  });

  it('counts reads as customers read it (a stored counter kept by read_at), and unreads', async () => {
    const title = 'Read by some';
    const sent = await marketer.post(t.api.notifications.send, {}, { ...message, title, segment: activeInGB });
    const id = sent.json.notification.id;
    const runner = worker();
    while (await runner.runNext()) {}
    const rowOf = async () =>
      (await marketer.get(t.api.notifications.list)).json.notifications.find((n) => n.id === id);
    expect(await rowOf()).toMatchObject({ read_count: 0, read_time: null });
    const [first, second, third] = await deliveriesOf(id);
    const read = (notification: typeof first, at: string | null) =>
      t.api.db
        .update(customerNotifications)
        .set({ readAt: at })
        .where(eq(customerNotifications.id, Number(notification?.id)));
    await read(second, '2026-11-02T10:00:00.000Z');
    await read(first, '2026-11-02T09:00:00.000Z');
    await read(third, '2026-11-02T11:00:00.000Z');
    await read(third, '2026-11-02T12:00:00.000Z'); // read again: still one reader
    const counted = await rowOf();
    expect(counted?.read_count).toBe(3);
    expect(Date.parse(counted?.read_time ?? '')).toBe(Date.parse('2026-11-02T09:00:00Z'));
    await read(second, null);
    expect(await rowOf()).toMatchObject({ read_count: 2 });
    // Another customer notification (not from a broadcast) read: no broadcast counts it.
    await t.api.db.execute(sql`update customer_notifications set read_at = now() where broadcast_id is null`);
    expect(await rowOf()).toMatchObject({ read_count: 2 });
  });

  it('deletes a notification: it leaves the list and every customer’s notifications', async () => {
    const title = 'To be deleted';
    const sent = await marketer.post(t.api.notifications.send, {}, { ...message, title, segment: activeInGB });
    const runner = worker();
    while (await runner.runNext()) {}
    expect((await notificationsPerCustomer(title)).length).toBeGreaterThan(0);
    const deleted = await marketer.delete(t.api.notifications.remove, { notification_id: sent.json.notification.id });
    expect(deleted.json.notification.is_deleted).toBe(true);
    const visible = await t.api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from customer_notifications where title = ${title} and deleted_at is null`,
    );
    expect(Number(visible.rows[0]?.n)).toBe(0);
    const list = (await marketer.get(t.api.notifications.list)).json.notifications.map((n) => n.id);
    expect(list).not.toContain(sent.json.notification.id);
    expect((await marketer.delete(t.api.notifications.remove, { notification_id: 987_654 })).status).toBe(404);
  });

  it('a deadlock mid-send is retried, not lost: every recipient once, Sent; a part that fails is never "Sent"', async () => {
    // Issue 19 item 2. A deadlock (40P01) raised once by the first notification insert: the batch runs again.
    await t.api.db.execute(sql`create sequence if not exists deadlock_once`);
    await t.api.db.execute(sql`create or replace function deadlock_once() returns trigger language plpgsql as $$
      begin if nextval('deadlock_once') = 1 then raise exception 'deadlock detected' using errcode = '40P01'; end if;
      return new; end $$`);
    await t.api.db.execute(sql`create trigger deadlock_once before insert on customer_notifications
      for each row execute function deadlock_once()`);
    const title = 'Sent through a deadlock';
    const sent = await marketer.post(t.api.notifications.send, {}, { ...message, title, segment: activeInGB });
    const runner = worker();
    while (await runner.runNext()) {}
    await t.api.db.execute(sql`drop trigger deadlock_once on customer_notifications`);
    expect(runner.transientRetried).toBe(1);
    const total = sent.json.notification.recipients_total;
    const perCustomer = await notificationsPerCustomer(title);
    expect(perCustomer).toHaveLength(total);
    expect(perCustomer.every((row) => Number(row.n) === 1)).toBe(true);
    const listed = async (id: number) =>
      (await marketer.get(t.api.notifications.list)).json.notifications.find((n) => n.id === id);
    expect(await listed(sent.json.notification.id)).toMatchObject({ status: 'Sent', failed_recipients: 0 });

    // A part that fails for good (not a transient reason): the row says how many were not reached, never "Sent".
    const [target] = (
      await t.api.db.execute<{ id: number }>(sql`select id from customers
      where status = 'ACTIVE' and country = 'GB' order by id limit 1`)
    ).rows;
    await t.api.db.execute(
      sql.raw(`create or replace function refuse_one() returns trigger language plpgsql as $$
      begin if new.customer_id = ${Number(target?.id)} then raise exception 'refused'; end if; return new; end $$`),
    );
    await t.api.db.execute(sql`create trigger refuse_one before insert on customer_notifications
      for each row execute function refuse_one()`);
    const partly = await marketer.post(
      t.api.notifications.send,
      {},
      { ...message, title: 'Partly', segment: activeInGB },
    );
    const id = partly.json.notification.id;
    while (await runner.runNext()) {}
    const incomplete = await listed(id);
    expect(incomplete).toMatchObject({ status: 'Pending', sending_state: 'INCOMPLETE' });
    expect(incomplete?.failed_recipients).toBe(incomplete?.recipients_total);
    expect(incomplete?.quick_actions.find((a) => a.name === 'RETRY_FAILED')).toMatchObject({ is_disabled: false });
    await t.api.db.execute(sql`drop trigger refuse_one on customer_notifications`);
    const retried = await marketer.post(t.api.notifications.retryFailed, { notification_id: id });
    expect(retried.status).toBe(200);
    while (await runner.runNext()) {}
    expect(await listed(id)).toMatchObject({ status: 'Sent', sending_state: 'SENT', failed_recipients: 0 });
    expect(await notificationsPerCustomer('Partly')).toHaveLength(partly.json.notification.recipients_total);
    const again = await marketer.post(t.api.notifications.retryFailed, { notification_id: id });
    expect(again.status).toBe(409);
    expect(again.error.code).toBe('broadcast_nothing_to_retry');
  });

  it('does not follow a webhook’s redirect: the token and payload go to the configured address only', async () => {
    // Issue 19 item 8.
    webhookRetry.baseMs = 10;
    const url = (process.env.NOTIFICATIONS_WEBHOOK_URL ?? '').replace('/push', '/redirect');
    await deliverDueWebhooks(t.api.db, { url, token: 'webhook-secret' });
    const sent = await marketer.post(t.api.notifications.send, {}, { ...message, title: 'Moved', segment: activeInGB });
    received.length = 0;
    await deliverDueWebhooks(t.api.db, { url, token: 'webhook-secret' });
    expect(
      received.filter(
        (each) => (each as { body: { notification_id: number } }).body.notification_id === sent.json.notification.id,
      ),
    ).toEqual([]);
    const [row] = await t.api.db
      .select()
      .from(notificationBroadcasts)
      .where(eq(notificationBroadcasts.id, sent.json.notification.id));
    expect(row?.webhookError).toContain('redirects are not followed');
  });
});
