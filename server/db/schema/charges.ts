import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type ChargePurpose, chargePurposes } from '../../../domain/charges';
import { customers } from './customers';
import { staff } from './staff';

/** The ledger stores the domain's purposes (one list, with its labels). */
export { type ChargePurpose, chargePurposes };

/**
 * Every card movement of a customer, successful or declined: the money ledger. Append-only (a trigger refuses
 * UPDATE): a refund is a new row of kind REFUND, a retry a new row. Amounts are positive integer minor units of
 * `currency`; balances are sums.
 */
export const charges = pgTable(
  'charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['CHARGE', 'REFUND'] }).notNull(),
    status: text('status', { enum: ['SUCCEEDED', 'FAILED'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    purpose: text('purpose', { enum: chargePurposes }).notNull(),
    description: text('description').notNull(),
    /** The card payment provider that moved the money (the spec's charging_vendor). */
    chargingVendor: text('charging_vendor').notNull(),
    /** The provider's charge (or refund) id when it succeeded. */
    providerChargeId: text('provider_charge_id'),
    providerRef: text('provider_ref'),
    /** The provider idempotency key the movement was made with (`loupe:<staff id>:<key>`); null for imported history. */
    providerKey: text('provider_key'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** Refunds: the charge refunded. */
    refundOf: bigint('refund_of', { mode: 'number' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Project refunds: the project refunded (its refundable rest sums these rows). No FK: the ledger outlives it. */
    projectId: bigint('project_id', { mode: 'number' }),
  },
  (t) => [
    index('charges_customer_created').on(t.customerId, t.createdAt),
    index('charges_project').on(t.projectId).where(sql`${t.projectId} is not null`),
    index('charges_refund_of').on(t.refundOf).where(sql`${t.refundOf} is not null`),
    /** Recent movements of one kind across customers (e.g. the operations center's credit package sales). */
    index('charges_purpose_created').on(t.purpose, t.createdAt),
    uniqueIndex('charges_provider_key').on(t.providerKey),
    check('charges_amount_positive', sql`${t.amount} > 0`),
    check('charges_failed_has_reason', sql`${t.status} = 'SUCCEEDED' or ${t.failureMessage} is not null`),
  ],
);

/**
 * A gateway call Loupe is about to make, written (and committed) before the call: if the process dies between the
 * provider's answer and the ledger row, the pending attempt names the key to reconcile with `lookup`. Not the
 * ledger: its state moves pending → recorded | abandoned.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    providerKey: text('provider_key').primaryKey(),
    callId: text('call_id').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    purpose: text('purpose', { enum: chargePurposes }).notNull(),
    description: text('description').notNull(),
    state: text('state', { enum: ['pending', 'recorded', 'abandoned'] })
      .notNull()
      .default('pending'),
    /** What the gateway is asked to do: charge the stored card, or refund `refund_of` (a ledger charge). */
    operation: text('operation', { enum: ['charge', 'refund'] })
      .notNull()
      .default('charge'),
    refundOf: bigint('refund_of', { mode: 'number' }),
    /** Refunds of a project: the project, so a pending refund counts against its refundable rest. */
    projectId: bigint('project_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('payment_attempts_pending').on(t.state, t.createdAt),
    // One payment in flight per customer: two people retrying the same failed charge at once cannot both charge.
    uniqueIndex('payment_attempts_one_pending_per_customer').on(t.customerId).where(sql`${t.state} = 'pending'`),
  ],
);
