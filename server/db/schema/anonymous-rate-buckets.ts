import { boolean, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-address token buckets of calls made before a caller is known (server/http/anonymous-rate.ts), shared by
 * every instance: `tokens` as of `updated_at`, and whether the last call was let through.
 */
export const anonymousRateBuckets = pgTable(
  'anonymous_rate_buckets',
  {
    address: text('address').primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    granted: boolean('granted').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('anonymous_rate_buckets_updated').on(t.updatedAt)],
);
