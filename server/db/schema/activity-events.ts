import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** One {label, value} pair shown under an activity event. */
export interface ActivityProperty {
  label: string;
  value: string;
}

/** The customer's activity timeline: their own events, e-mails sent to them, and staff actions on them. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** `ACCOUNT`, `PROJECT`, `BILLING`, `EMAIL`, `STAFF_ACTION`, … */
    category: text('category').notNull(),
    datetime: timestamp('datetime', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    properties: jsonb('properties').$type<ActivityProperty[]>().notNull().default([]),
  },
  (t) => [index('activity_events_customer').on(t.customerId, t.datetime)],
);
