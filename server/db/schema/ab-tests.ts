import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { staff } from './staff';

/** A/B tests (spec §3 "A/B test"): a feature with variants whose percentages sum to 100. */
export const abTests = pgTable('ab_tests', {
  id: serial('id').primaryKey(),
  featureId: text('feature_id').notNull().unique(),
  featureLabel: text('feature_label').notNull(),
  /** `[{name, percentage}]`, in the order people gave them. */
  variants: jsonb('variants').$type<{ name: string; percentage: number }[]>().notNull(),
  description: text('description').notNull().default(''),
  creatorId: integer('creator_id')
    .notNull()
    .references(() => staff.id),
  endDate: date('end_date', { mode: 'string' }),
  isDone: boolean('is_done').notNull().default(false),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Which variant a customer is in, once per test, with their subscription type when assigned: a conversion is a
 * customer who was not paying then and is now.
 */
export const abTestAssignments = pgTable(
  'ab_test_assignments',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    subscriptionAtAssignment: text('subscription_at_assignment').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.customerId] }),
    index('ab_test_assignments_variant').on(t.testId, t.variant),
  ],
);
