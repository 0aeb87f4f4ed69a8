import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Exchange rates between the service's currencies, one direction per row (USD → EUR and EUR → USD are separate
 * rates, as a bank quotes them). Append-only (a trigger refuses UPDATE): setting a rate adds a row, the newest row
 * of a pair (highest id) is the current rate, and the older ones are its history. The migration seeds every pair,
 * so every database has rates. `rate_micros` is the rate in millionths (0.9213 → 921300): exact integer arithmetic.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    /** Units of `toCurrency` per unit of `fromCurrency`, in millionths. */
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    /** Who set it; null for the rates the migration seeded. */
    setBy: integer('set_by').references(() => staff.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_rates_pair_latest').on(t.fromCurrency, t.toCurrency, t.id),
    check('exchange_rates_rate_positive', sql`${t.rateMicros} > 0`),
    check('exchange_rates_two_currencies', sql`${t.fromCurrency} <> ${t.toCurrency}`),
    check('exchange_rates_known_from', sql`${t.fromCurrency} in ('USD', 'GBP', 'EUR')`),
    check('exchange_rates_known_to', sql`${t.toCurrency} in ('USD', 'GBP', 'EUR')`),
  ],
);
