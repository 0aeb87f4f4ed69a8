import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * A notification sent (or to be sent) to a segment of customers (spec §3 "Notification"). `state` is the sending's
 * own progress (SCHEDULED, SENDING, SENT, CANCELLED); the spec's Pending/Sent status is derived from it.
 */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sentiment: text('sentiment').notNull(),
    triggerType: text('trigger_type').notNull(),
    link: text('link'),
    expirationDate: timestamp('expiration_date', { withTimezone: true, mode: 'string' }),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'string' }),
    /** The users_filter filters that choose the recipients, as sent. */
    segment: jsonb('segment').notNull(),
    /** The customer-messaging JSON (what the webhook receives). */
    output: jsonb('output').notNull(),
    state: text('state').notNull(),
    recipientsTotal: integer('recipients_total').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    /** The last customer id the sending has passed (customers are sent to in id order, in batches). */
    cursorCustomerId: integer('cursor_customer_id').notNull().default(0),
    /**
     * Customers who read it, and when the first did: stored, kept by a trigger on customer_notifications as its
     * `read_at` is set or cleared (whoever writes it), so the list never counts 400,000 rows per broadcast.
     */
    readCount: integer('read_count').notNull().default(0),
    firstReadAt: timestamp('first_read_at', { withTimezone: true, mode: 'string' }),
    /** The job that sends it (server/jobs), once queued. */
    jobId: text('job_id'),
    webhookState: text('webhook_state').notNull().default('NONE'),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookError: text('webhook_error'),
    /** When the webhook is next due (first call at send time, then retries with backoff; also the sender's lease). */
    webhookNextAt: timestamp('webhook_next_at', { withTimezone: true, mode: 'string' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentTime: timestamp('sent_time', { withTimezone: true, mode: 'string' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('notification_broadcasts_created').on(t.createdAt, t.id),
    index('notification_broadcasts_webhook_due').on(t.webhookState, t.webhookNextAt),
  ],
);
