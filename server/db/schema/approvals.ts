import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Per role, the credit (minor units of the customer's currency) above which a second person must approve; null: none. */
export const approvalThresholds = pgTable('approval_thresholds', {
  role: text('role').primaryKey(),
  creditAboveMinor: integer('credit_above_minor'),
  /** The card refund (minor units of the project's currency) above which a second person must approve; null: none. */
  refundAboveMinor: integer('refund_above_minor'),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** A credit or card refund above the requester's threshold, waiting 24 hours for someone else to approve (runs `args` once) or reject. */
export const approvalRequests = pgTable('approval_requests', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  customerId: integer('customer_id').notNull(),
  args: jsonb('args').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  requestedBy: integer('requested_by').notNull(),
  status: text('status').notNull().default('PENDING'),
  decidedBy: integer('decided_by'),
  reason: text('reason'),
  creditId: integer('credit_id'),
  /** A card refund's project, its ledger row once approved, and the provider key its approval refunds under. */
  projectId: integer('project_id'),
  ledgerId: integer('ledger_id'),
  providerKey: text('provider_key'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
});
