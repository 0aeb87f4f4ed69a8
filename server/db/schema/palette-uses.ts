import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Each staff member's palette frecency, kept here so it follows them to any browser: per command id or `user:<id>`,
 * the uses as one decaying number (`weight` as of `used_at`; each use adds 1, halved every week).
 */
export const paletteUses = pgTable(
  'palette_uses',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    weight: doublePrecision('weight').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** A customer's name and e-mail as last seen (for `user:<id>` keys). */
    label: jsonb('label').$type<{ name: string; email: string }>(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.key] }), index('palette_uses_staff_used').on(t.staffId, t.usedAt)],
);
