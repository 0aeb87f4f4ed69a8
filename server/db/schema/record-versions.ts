import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The version of every record a call has changed, by the audit trail's target (kind, id): bumped by a trigger on each
 * successful audit row (and by a money call as it starts, server/collab/preconditions.ts), with who changed it last.
 * A preview reads it as an ETag; the action sends it back in If-Match, and a record changed since is 409
 * `preview_stale`. A record never changed has no row (version 0).
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Who changed it last, with which call and body (as the audit trail stores it). */
    staffId: integer('staff_id'),
    callId: text('call_id'),
    body: jsonb('body'),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The audit row of the last change (null: a money call's bump before its row): an undo needs its own to be last. */
    auditId: bigint('audit_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
