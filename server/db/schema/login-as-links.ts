import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { staff } from './staff';

/** Single-use links that open the customer app as a customer; the token is stored as its SHA-256 only. */
export const loginAsLinks = pgTable(
  'login_as_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Set when the customer app redeems it; a used or expired link opens nothing. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('login_as_links_customer').on(t.customerId)],
);
