import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { emailStatuses } from '../../../domain/outbox';
import { customers } from './customers';

/**
 * Every e-mail the service sends: queued in the transaction of the call that sends it, delivered by the SMTP worker
 * (server/mail/delivery.ts) when SMTP_URL is set, and kept for staff (the outbox page) and tests either way.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The subject line, written when the e-mail is queued. */
    subject: text('subject').notNull().default(''),
    /** What the template is filled with (links, names, the staff note, cc addresses, attachments). */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    status: text('status', { enum: emailStatuses }).notNull().default('PENDING'),
    /** Delivery attempts so far (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** PENDING: not before this instant (the backoff); SENDING: the claim's lease, after which another server retries. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The last failure as the SMTP server or the connection said it. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    /** The Message-ID the SMTP server accepted (also `<outbox-{id}@…>`-derived, so duplicates can be recognised). */
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    index('outbox_customer').on(t.customerId, t.createdAt),
    // The worker's claim: due rows in id order, without scanning delivered history.
    index('outbox_due').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('PENDING', 'SENDING')`),
    index('outbox_created').on(t.createdAt, t.id),
    check('outbox_status', sql`${t.status} in ('PENDING', 'SENDING', 'SENT', 'FAILED')`),
  ],
);
