import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Who has a record open now (presence, server/collab/presence.ts): one row per staff member, tab and record, beaten
 * by the tab every few seconds and swept when it stops; a trigger NOTIFYs `loupe_presence` when someone arrives,
 * leaves or changes what they are doing (migration 0042).
 */
export const presence = pgTable(
  'presence',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    /** What they are doing, e.g. "in Refund project"; null: looking. */
    activity: text('activity'),
    since: timestamp('since', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    beatAt: timestamp('beat_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'presence_pk', columns: [t.staffId, t.tabId, t.kind, t.id] }),
    index('presence_record').on(t.kind, t.id),
    index('presence_beat').on(t.beatAt),
  ],
);
