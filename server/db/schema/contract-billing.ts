import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { charges } from './charges';
import { contracts } from './contracts';
import { customers } from './customers';

/** What a billing period row bills: month n's installment (due on its first day) or its usage over the plan (due after it). */
export const billingPeriodKinds = ['INSTALLMENT', 'USAGE'] as const;
export type BillingPeriodKind = (typeof billingPeriodKinds)[number];

/**
 * pending: claimed by a billing run, the card being charged (`lease_until`: another run takes it over after that,
 * with the same provider key); charged; declined (retried from `next_retry_on`, or by the staff's retry command);
 * nothing_due (zero). Months paid before the billing job took a contract over (its first installment, imported
 * history) have no row: the job starts after the contract's INSTALLMENT payments (server/billing/claim.ts).
 */
export const billingPeriodStates = ['pending', 'charged', 'declined', 'nothing_due'] as const;
export type BillingPeriodState = (typeof billingPeriodStates)[number];

/**
 * One month of a yearly contract as the billing job bills it (server/billing). The unique (contract, month, kind)
 * is the idempotency key of the schedule: two runs, or two servers, can claim a period only once, and a period is
 * charged through the provider with one key per attempt (`provider_key`), so a run that died after the provider
 * charged is finished by the next one without a second charge.
 */
export const contractBillingPeriods = pgTable(
  'contract_billing_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Month of the contract year, 1–12. */
    month: integer('month').notNull(),
    kind: text('kind', { enum: billingPeriodKinds }).notNull(),
    state: text('state', { enum: billingPeriodStates }).notNull(),
    /** The day it fell due (database calendar, UTC). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Minor units of `currency`; 0 for nothing_due and prepaid rows. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    /** 1 for the first charge, 2 for the first automatic retry… */
    attempts: integer('attempts').notNull().default(0),
    /** The provider idempotency key of the current (or last) attempt. */
    providerKey: text('provider_key'),
    /** The charge that paid it (the billing job's, or the staff's retry). */
    chargeId: bigint('charge_id', { mode: 'number' }).references(() => charges.id),
    /** The provider's words for the last decline. */
    failureMessage: text('failure_message'),
    /** A declined period is charged again by the first run on or after this day (null: no more automatic retries). */
    nextRetryOn: date('next_retry_on', { mode: 'string' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_billing_periods_once').on(t.contractId, t.month, t.kind),
    index('contract_billing_periods_open').on(t.state, t.nextRetryOn).where(sql`${t.state} in ('pending', 'declined')`),
    index('contract_billing_periods_customer').on(t.customerId).where(sql`${t.state} = 'declined'`),
    check('contract_billing_periods_month', sql`${t.month} between 1 and 12`),
    check('contract_billing_periods_amount', sql`${t.amount} >= 0`),
  ],
);
