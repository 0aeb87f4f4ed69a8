import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { staff } from './staff';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * The editing pipeline's outbox (server/integrations/pipeline): one row per job event, queued in the transaction of
 * the call that starts the job, posted signed to PIPELINE_WEBHOOK_URL until it answers 2xx. `event_id` is what the
 * receiver deduplicates on; a row is posted again after a lost answer, so a receiver may see an id twice.
 */
export const pipelineOutbox = pgTable(
  'pipeline_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull().unique().defaultRandom(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** PENDING (due at `next_attempt_at`), SENDING (claimed until `next_attempt_at`), DELIVERED. */
    state: text('state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('pipeline_outbox_due').on(t.nextAttemptAt, t.id).where(sql`${t.state} in ('PENDING', 'SENDING')`),
    check('pipeline_outbox_state', sql`${t.state} in ('PENDING', 'SENDING', 'DELIVERED')`),
  ],
);

/** Inbound pipeline events already applied, by their `event_id`: a second delivery of one is a replay (409). */
export const pipelineInbound = pgTable(
  'pipeline_inbound',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('pipeline_inbound_received').on(t.receivedAt)],
);

/** Password-reset tokens e-mailed to customers, as SHA-256 only; the customer app redeems one once before it expires. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_reset_tokens_customer').on(t.customerId)],
);

/** Every force-logout: the customer app asks for those since a time and ends the sessions issued before each. */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    revokedAt: at('revoked_at').notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('session_revocations_at').on(t.revokedAt, t.id)],
);
