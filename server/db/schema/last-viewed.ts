import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { staff } from './staff';

/** Which customers each staff member opened, and when last. */
export const lastViewed = pgTable(
  'last_viewed',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.customerId] }),
    index('last_viewed_staff_viewed').on(t.staffId, t.viewedAt),
  ],
);
