import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Staff accounts that sign in to the console. `email` is stored lower-case. */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'string' }),
  /** Last successful sign-in: failures before it no longer count towards this account's login limit. */
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'string' }),
});
