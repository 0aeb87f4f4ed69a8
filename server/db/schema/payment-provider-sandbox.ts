import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment provider's own books (server/payments/sandbox.ts): one row per provider idempotency key, the
 * charge or refund it performed or declined. Not Loupe's ledger: it stands in for the provider's side.
 */
export const paymentProviderSandbox = pgTable(
  'payment_provider_sandbox',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    operation: text('operation', { enum: ['charge', 'refund'] }).notNull(),
    /** SHA-256 of the canonical request without the key: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
    /** `ch_…` or `re_…` when it succeeded. */
    objectId: text('object_id').unique(),
    /** Refunds: the charge refunded. */
    chargeId: text('charge_id'),
    providerRef: text('provider_ref'),
    /** Charges: the provider's customer and the payment-method token charged. */
    customerRef: text('customer_ref'),
    paymentMethod: text('payment_method'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    declineCode: text('decline_code'),
    declineMessage: text('decline_message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_provider_sandbox_charge').on(t.chargeId),
    index('payment_provider_sandbox_customer').on(t.customerRef),
    check('payment_provider_sandbox_operation', sql`${t.operation} in ('charge', 'refund')`),
    check('payment_provider_sandbox_status', sql`${t.status} in ('succeeded', 'declined')`),
  ],
);
