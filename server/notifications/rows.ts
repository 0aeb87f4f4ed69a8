import { desc, eq, sql } from 'drizzle-orm';
import {
  type NotificationRow,
  sendingStateLabels,
  sendingStates,
  webhookStateLabels,
  webhookStates,
} from '../../domain/notifications';
import type { Header } from '../../domain/tables';
import { notificationCategories, notificationCategoryLabels } from '../../domain/user-details';
import type { Database } from '../db/client';
import { jobs, notificationBroadcasts, staff } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { fail } from '../http/errors';
import { tableHeader } from '../tables/header';

export const notificationHeaders: readonly Header[] = [
  tableHeader('created_at', 'Created', 'DATETIME', null),
  tableHeader('title', 'Title', 'TEXT', null),
  tableHeader('category', 'Category', 'TAG', null, {
    options: [...notificationCategories],
    option_labels: notificationCategoryLabels,
  }),
  tableHeader('status', 'Status', 'STATUS', null, { options: ['Pending', 'Sent'] }),
  tableHeader('sending_state', 'Sending', 'STATUS', null, {
    options: [...sendingStates],
    option_labels: sendingStateLabels,
  }),
  tableHeader('progress', 'Progress', 'PROGRESS', null),
  tableHeader('sent_count', 'Sent to', 'NUMBER', null),
  tableHeader('recipients_total', 'Segment', 'NUMBER', null),
  tableHeader('read_count', 'Read', 'NUMBER', null),
  tableHeader('send_at', 'Send at', 'DATETIME', null),
  tableHeader('sent_time', 'Sent', 'DATETIME', null),
  tableHeader('webhook_state', 'Webhook', 'STATUS', null, {
    options: [...webhookStates],
    option_labels: webhookStateLabels,
  }),
  tableHeader('webhook_error', 'Webhook error', 'TEXT', null),
  tableHeader('created_by', 'By', 'TEXT', null, { default_visible: false }),
  tableHeader('id', 'ID', 'NUMBER', null),
  tableHeader('quick_actions', '', 'ROW_MENU', null),
];

type JobState = (typeof jobs.$inferSelect)['state'];

function sendingState(
  broadcast: typeof notificationBroadcasts.$inferSelect,
  job: JobState | null,
  due: boolean,
  failedParts: number,
) {
  if (broadcast.cancelledAt || job === 'cancelled') return 'CANCELLED' as const;
  if (job === 'done') return failedParts > 0 ? ('INCOMPLETE' as const) : ('SENT' as const);
  if (job === 'failed') return 'FAILED' as const;
  if (job === 'running' || due) return 'SENDING' as const;
  return 'SCHEDULED' as const;
}

/** Broadcasts (not deleted), newest first, or one by id (deleted too). */
export async function readNotifications(db: Database, id?: number): Promise<NotificationRow[]> {
  const rows = await db
    .select({
      broadcast: notificationBroadcasts,
      job: jobs.state,
      failedParts: sql<number>`coalesce(${jobs.failed}, 0)`.mapWith(Number),
      due: sql<boolean>`coalesce(${jobs.runAfter} <= now(), false)`,
      creator: sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`,
    })
    .from(notificationBroadcasts)
    .innerJoin(staff, eq(staff.id, notificationBroadcasts.createdBy))
    .leftJoin(jobs, sql`${jobs.id}::text = ${notificationBroadcasts.jobId}`)
    .where(id === undefined ? sql`${notificationBroadcasts.deletedAt} is null` : eq(notificationBroadcasts.id, id))
    .orderBy(desc(notificationBroadcasts.createdAt), desc(notificationBroadcasts.id))
    .limit(200);
  return rows.map(({ broadcast, job, failedParts, due, creator }) => {
    const state = sendingState(broadcast, job, due, failedParts);
    // The segment as planned, less those reached: at least one per failed part (a part may fail before it counts).
    const notReached = failedParts > 0 ? Math.max(failedParts, broadcast.recipientsTotal - broadcast.sentCount) : 0;
    const running = state === 'SCHEDULED' || state === 'SENDING';
    const deleted = broadcast.deletedAt !== null;
    return {
      id: broadcast.id,
      category: broadcast.category as NotificationRow['category'],
      title: broadcast.title,
      status: state === 'SENT' ? 'Sent' : 'Pending',
      sending_state: state,
      sentiment: broadcast.sentiment as NotificationRow['sentiment'],
      trigger_type: broadcast.triggerType as NotificationRow['trigger_type'],
      content: broadcast.content,
      link: broadcast.link,
      expiration_date: isoTimestampOrNull(broadcast.expirationDate),
      send_at: isoTimestampOrNull(broadcast.sendAt),
      sent_time: isoTimestampOrNull(broadcast.sentTime),
      receive_time: isoTimestampOrNull(broadcast.sentTime),
      read_time: isoTimestampOrNull(broadcast.firstReadAt),
      recipients_total: broadcast.recipientsTotal,
      sent_count: broadcast.sentCount,
      read_count: broadcast.readCount,
      failed_recipients: notReached,
      progress:
        broadcast.recipientsTotal === 0
          ? 0
          : Math.min(100, Math.round((broadcast.sentCount / broadcast.recipientsTotal) * 100)),
      webhook_state: broadcast.webhookState as NotificationRow['webhook_state'],
      webhook_attempts: broadcast.webhookAttempts,
      webhook_error: broadcast.webhookError,
      is_deleted: deleted,
      output: JSON.stringify(broadcast.output, null, 2),
      created_by: creator,
      created_at: isoTimestamp(broadcast.createdAt),
      quick_actions: [
        running
          ? { name: 'CANCEL_SENDING', is_disabled: false, disable_message: null }
          : { name: 'CANCEL_SENDING', is_disabled: true, disable_message: 'The sending is over' },
        notReached > 0 && !deleted && (state === 'INCOMPLETE' || state === 'FAILED')
          ? { name: 'RETRY_FAILED', is_disabled: false, disable_message: null }
          : {
              name: 'RETRY_FAILED',
              is_disabled: true,
              disable_message: running ? 'The sending is not over yet' : 'Every recipient was reached',
            },
        deleted
          ? { name: 'DELETE', is_disabled: true, disable_message: 'Deleted already' }
          : { name: 'DELETE', is_disabled: false, disable_message: null },
      ],
    };
  });
}

export async function readNotification(db: Database, id: number): Promise<NotificationRow> {
  const [row] = await readNotifications(db, id);
  if (!row) throw fail('broadcast_not_found');
  return row;
}
