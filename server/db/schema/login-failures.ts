import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins, counted per e-mail, per e-mail and address, per address and per device for the login limits
 * (server/auth/login-limits.ts). `email` is lower-case; `device` is the id of a valid device cookie for that e-mail.
 */
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
