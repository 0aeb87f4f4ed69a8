import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * In-app notifications a customer received (or will); deleting one sets `deleted_at`. One sent by a broadcast carries
 * its `broadcast_id`: the unique (broadcast_id, customer_id) is what makes a sending exactly once, and a trigger keeps
 * the broadcast's stored read counter as `read_at` changes (migration 0027). No foreign key on `broadcast_id`:
 * broadcasts are only soft-deleted, and a second key check per row would halve the sending's speed.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** `Sent` or `Pending`. */
    status: text('status').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The notification_broadcasts row that sent it, if any. */
    broadcastId: integer('broadcast_id'),
  },
  (t) => [
    index('customer_notifications_customer').on(t.customerId, t.createdAt),
    uniqueIndex('customer_notifications_broadcast_customer')
      .on(t.broadcastId, t.customerId)
      .where(sql`${t.broadcastId} is not null`),
  ],
);
