import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/** Claimed `Idempotency-Key`s of money calls, per staff member, with the stored first answer once done. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    callId: text('call_id').notNull(),
    /** SHA-256 of the canonical JSON of call id, params, query and body. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    status: integer('status'),
    answer: jsonb('answer'),
    /** Which running request holds the claim (a random id per claim); only it may finish or release it. */
    owner: text('owner'),
    /** The claim is held until then, renewed while its request runs; a retry takes over an expired lease. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.key] }),
    check('idempotency_keys_state', sql`${t.state} in ('running', 'done')`),
  ],
);
