import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { sentimentLabels, sentiments, triggerTypeLabels, triggerTypes } from '../../domain/notifications';
import { notificationCategories, notificationCategoryLabels } from '../../domain/user-details';
import type { Database } from '../db/client';
import { notificationBroadcasts } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import type { RegisteredHandler } from '../http/register';
import { cancelJob, enqueueJob, retryFailedItems } from '../jobs';
import { messagingData, webhookHeaders, webhookSettingsFrom } from './output';
import { notificationHeaders, readNotification, readNotifications } from './rows';
import { broadcastJobKind, countSegment } from './sending';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => ({
  options: values.map((value) => ({ value, label: labels[value] })),
});

export const categoryOptions = handle(api.notifications.categoryOptions, async () =>
  options(notificationCategories, notificationCategoryLabels),
);
export const sentimentOptions = handle(api.notifications.sentimentOptions, async () =>
  options(sentiments, sentimentLabels),
);
export const triggerOptions = handle(api.notifications.triggerOptions, async () =>
  options(triggerTypes, triggerTypeLabels),
);

export const generateNotification = handle(api.notifications.generate, async ({ body }) => {
  const settings = webhookSettingsFrom();
  return {
    data: messagingData(body),
    webhook_settings: { post: settings.url, headers: webhookHeaders(settings, true) },
  };
});

export const preflightNotification = handle(api.notifications.preflight, async ({ db, body }) => ({
  count: await countSegment(db, body.segment.filters),
}));

export const listNotifications = handle(
  api.notifications.list,
  async ({ db }) => ({ headers: [...notificationHeaders], notifications: await readNotifications(db) }),
  { transaction: false },
);

/**
 * Sends to a segment: refused when it reaches nobody now; otherwise the broadcast and its job are written together
 * (the job runs once the call commits, not before `send_at`), and the webhook is due at the same time.
 */
export const sendNotification = handle(api.notifications.send, async ({ db, body, staff }) => {
  const recipients = await countSegment(db, body.segment.filters);
  if (recipients === 0) throw fail('broadcast_empty_segment', { field: 'segment' });
  const sendAt = body.send_at && Date.parse(body.send_at) > Date.now() ? new Date(body.send_at).toISOString() : null;
  const webhook = webhookSettingsFrom();
  const [created] = await db
    .insert(notificationBroadcasts)
    .values({
      category: body.category,
      title: body.title,
      content: body.content,
      sentiment: body.sentiment,
      triggerType: body.trigger_type,
      link: body.link,
      expirationDate: body.expiration_date,
      sendAt,
      segment: body.segment,
      output: messagingData(body),
      state: sendAt ? 'SCHEDULED' : 'SENDING',
      recipientsTotal: recipients,
      webhookState: webhook.url ? 'PENDING' : 'NONE',
      webhookNextAt: webhook.url ? (sendAt ?? sql`now()`) : null,
      createdBy: staff.id,
    })
    .returning({ id: notificationBroadcasts.id });
  if (!created) throw fail('broadcast_not_found');
  const jobId = await enqueueJob(db, {
    kind: broadcastJobKind,
    payload: { broadcastId: created.id },
    createdBy: staff.id,
    ...(sendAt ? { runAfter: sendAt } : {}),
  });
  await db
    .update(notificationBroadcasts)
    .set({ jobId: String(jobId) })
    .where(eq(notificationBroadcasts.id, created.id));
  return { notification: await readNotification(db, created.id) };
});

async function stopSending(db: Database, id: number): Promise<boolean> {
  const [broadcast] = await db
    .select()
    .from(notificationBroadcasts)
    .where(eq(notificationBroadcasts.id, id))
    .for('update');
  if (!broadcast || broadcast.deletedAt) throw fail('broadcast_not_found');
  const stopped = broadcast.jobId ? await cancelJob(db, Number(broadcast.jobId)) : false;
  if (stopped) {
    await db
      .update(notificationBroadcasts)
      .set({
        cancelledAt: sql`now()`,
        state: 'CANCELLED',
        webhookState: sql`case when ${notificationBroadcasts.webhookState} in ('PENDING', 'RETRYING') then 'NONE' else ${notificationBroadcasts.webhookState} end`,
      })
      .where(eq(notificationBroadcasts.id, id));
  }
  return stopped;
}

export const cancelNotification = handle(api.notifications.cancel, async ({ db, params }) => {
  if (!(await stopSending(db, params.notification_id))) throw fail('broadcast_not_running');
  return { notification: await readNotification(db, params.notification_id) };
});

/**
 * Sends again to the recipients a finished sending did not reach: its failed parts go back to the queue (the unique
 * notification per broadcast and customer keeps anyone reached from getting it twice). 409 when none failed.
 */
export const retryNotification = handle(api.notifications.retryFailed, async ({ db, params }) => {
  const [broadcast] = await db
    .select()
    .from(notificationBroadcasts)
    .where(eq(notificationBroadcasts.id, params.notification_id))
    .for('update');
  if (!broadcast || broadcast.deletedAt) throw fail('broadcast_not_found');
  if (broadcast.cancelledAt || !broadcast.jobId) throw fail('broadcast_nothing_to_retry');
  const retried = await retryFailedItems(db, Number(broadcast.jobId));
  if (retried === 0) throw fail('broadcast_nothing_to_retry');
  return { notification: await readNotification(db, params.notification_id) };
});

/** Deletes: stops a sending, hides the broadcast, and takes its notification off every customer's list. */
export const deleteNotification = handle(api.notifications.remove, async ({ db, params }) => {
  await stopSending(db, params.notification_id);
  await db
    .update(notificationBroadcasts)
    .set({ deletedAt: sql`now()` })
    .where(eq(notificationBroadcasts.id, params.notification_id));
  await db.execute(sql`update customer_notifications set deleted_at = now()
    where broadcast_id = ${params.notification_id} and deleted_at is null`);
  return { notification: await readNotification(db, params.notification_id) };
});

/** The notifications' calls. */
export const notificationHandlers: readonly RegisteredHandler[] = [
  categoryOptions,
  sentimentOptions,
  triggerOptions,
  generateNotification,
  preflightNotification,
  listNotifications,
  sendNotification,
  cancelNotification,
  retryNotification,
  deleteNotification,
];
