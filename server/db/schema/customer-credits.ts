import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { charges } from './charges';
import { customers } from './customers';
import { staff } from './staff';

/** Credit given to a customer, in integer minor units of `currency`. Append-only: a correction is a new row. */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    /** `STAFF`, `REFERRAL`, `PURCHASE`, `REFUND`, `PROMOTION`. */
    source: text('source').notNull(),
    /** Who gave it, for staff credits. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The card charge that paid for these credits (purchases, e.g. a custom credit package); null otherwise. */
    chargeId: bigint('charge_id', { mode: 'number' }).references(() => charges.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** A project refunded as credit (source `REFUND`): counts against the project's refundable rest. */
    projectId: bigint('project_id', { mode: 'number' }),
  },
  (t) => [
    index('customer_credits_customer').on(t.customerId, t.createdAt),
    index('customer_credits_charge').on(t.chargeId),
    index('customer_credits_project').on(t.projectId).where(sql`${t.projectId} is not null`),
  ],
);
