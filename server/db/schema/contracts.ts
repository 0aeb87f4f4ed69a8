import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { charges } from './charges';
import { customers } from './customers';
import { staff } from './staff';

/**
 * A customer's yearly (corporate) contract. The row holds the current terms: an upgrade changes them in place and
 * keeps the superseded terms as a row of state UPGRADED (`replaced_by` the running contract), so the history lists
 * them. Prices per edit and per AI tool use are in 1/10000 of a major unit (a price may be $0.125); totals and
 * installments are integer minor units of `currency`. What was paid is never stored here: it is the sum of the
 * contract's `contract_payments`. At most one ACTIVE contract per customer (unique index).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['ACTIVE', 'UPGRADED', 'CANCELLED', 'ENDED'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The day the contract year ends (exclusive); for a cancelled or superseded contract, the day that happened. */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    numberOfEdits: integer('number_of_edits').notNull(),
    pricePerEdit: bigint('price_per_edit', { mode: 'number' }).notNull(),
    cropPrice: bigint('crop_price', { mode: 'number' }).notNull(),
    straighteningPrice: bigint('straightening_price', { mode: 'number' }).notNull(),
    subjectMaskPrice: bigint('subject_mask_price', { mode: 'number' }).notNull(),
    smoothSkinPrice: bigint('smooth_skin_price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    /** Effective discount off the list price, in hundredths of a percent (1250 = 12.50 %). */
    discountBasisPoints: integer('discount_basis_points').notNull(),
    /** The first installment still to pay under the current terms (the largest; the rest equal or 1 less). */
    monthlyPayment: bigint('monthly_payment', { mode: 'number' }).notNull(),
    /** What the whole contract year costs under the current terms (after an upgrade: paid + still to pay). */
    yearlyTotal: bigint('yearly_total', { mode: 'number' }).notNull(),
    renewalState: text('renewal_state', { enum: ['AUTO_RENEWAL', 'NO_RENEWAL'] })
      .notNull()
      .default('AUTO_RENEWAL'),
    /** The next contract year's plan (update next period): edits and list price per edit (1/10000 units). */
    nextNumberOfEdits: integer('next_number_of_edits'),
    nextPricePerEdit: bigint('next_price_per_edit', { mode: 'number' }),
    nextPlanName: text('next_plan_name'),
    /** The next plan's monthly card payment, minor units. */
    nextPlanPrice: bigint('next_plan_price', { mode: 'number' }),
    cancellationReason: text('cancellation_reason'),
    cancellationDescription: text('cancellation_description'),
    /** Edits used when the contract stopped running (cancelled, ended, or these terms superseded by an upgrade). */
    editsUsedAtEnd: integer('edits_used_at_end'),
    /** An UPGRADED row: the running contract that took these terms' place. */
    replacedBy: integer('replaced_by'),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Who last changed the terms (upgrade, next period, cancel) and when. */
    changedBy: integer('changed_by').references(() => staff.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' }),
    /** Bumped by every change: a payment call checks it did not move between pricing and recording. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('contracts_customer').on(t.customerId, t.startDate),
    uniqueIndex('contracts_one_active').on(t.customerId).where(sql`${t.state} = 'ACTIVE'`),
    check('contracts_edits_positive', sql`${t.numberOfEdits} > 0`),
    check('contracts_totals_not_negative', sql`${t.yearlyTotal} >= 0 and ${t.monthlyPayment} >= 0`),
  ],
);

/**
 * What was paid under a contract: installments, upgrade payments, the cancel settlement, and (negative) money
 * given back as credits. Append-only (trigger); `paid_under_contract` is the sum. `charge_id` links the card
 * movement in `charges` when a card was charged.
 */
export const contractPayments = pgTable(
  'contract_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['INSTALLMENT', 'UPGRADE_PAYMENT', 'UPGRADE_CREDIT', 'CANCEL_SETTLEMENT', 'CANCEL_CREDIT'],
    }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    chargeId: bigint('charge_id', { mode: 'number' }).references(() => charges.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('contract_payments_contract').on(t.contractId, t.createdAt)],
);

/** A month of a contract's usage (spec §3 Monthly usage); `extra_charge` in minor units of the contract currency. */
export const contractMonthlyUsage = pgTable(
  'contract_monthly_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    startingDate: date('starting_date', { mode: 'string' }).notNull(),
    numberOfPhotos: integer('number_of_photos').notNull().default(0),
    straightening: integer('straightening').notNull().default(0),
    crops: integer('crops').notNull().default(0),
    subjectMasks: integer('subject_masks').notNull().default(0),
    skinSmooth: integer('skin_smooth').notNull().default(0),
    hdrMerge: integer('hdr_merge').notNull().default(0),
    perspectiveCorrection: integer('perspective_correction').notNull().default(0),
    portraitCrops: integer('portrait_crops').notNull().default(0),
    whitenTeeth: integer('whiten_teeth').notNull().default(0),
    extraCharge: bigint('extra_charge', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('contract_monthly_usage_month').on(t.contractId, t.startingDate),
    index('contract_monthly_usage_customer').on(t.customerId, t.startingDate),
  ],
);
