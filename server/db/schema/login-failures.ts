import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed sign-ins, counted per e-mail and per address for the login limits. `email` is lower-case. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    device: text('device'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at').on(t.email, t.at), index('login_failures_ip_at').on(t.ip, t.at)],
);
