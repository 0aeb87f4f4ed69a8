import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Endpoint } from '../../domain/endpoint';
import { formatMoney, money } from '../../domain/money';
import { automaticRetryUnderWay, settleDeclinedPeriods } from '../billing/settle';
import { customers } from '../db/schema';
import { fail } from '../http/errors';
import type { StaffCallContext } from '../http/handler';
import { handlePayment, type PaymentOutcome, type PaymentPlan } from '../payments/handle-payment';
import { lockCustomer, recordStaffAction, updateCustomer } from '../users/customer-records';
import { type CustomerRecord, customerRow } from '../users/rows';
import { liftSuspension } from '../users/suspension';
import { currencyOf, issueInvoice } from './invoices';
import { chargeRow } from './rows';

interface RetryPlan {
  customerId: number;
  amount: number;
  currency: string;
  reason: string | null;
  unsuspend: boolean;
}

type RetryContext = StaffCallContext<typeof api.charges.retryCharge | typeof api.charges.chargeAndUnsuspend>;

/**
 * Prices a retry: the customer's failed amount in their currency. The customer row is locked while the attempt is
 * written, so a retry that another person finished a moment ago is seen (409) rather than charged again.
 */
async function planRetry(db: RetryContext['db'], userId: number, unsuspend: boolean): Promise<PaymentPlan<RetryPlan>> {
  const record = await lockCustomer(db, userId);
  if (unsuspend && record.status !== 'SUSPENDED') throw fail('not_suspended');
  if (!record.chargeFailed || !record.failedChargeAmount || record.failedChargeAmount <= 0) {
    throw fail('no_failed_charge');
  }
  // Checked here, before the pipeline records a pending attempt, so that no attempt is left pending without a card.
  if (!record.paymentMethodToken) throw fail('no_payment_method');
  // The contract billing job is charging one of the declined installments in this amount again right now.
  if (await automaticRetryUnderWay(db, record.id)) throw fail('contract_payment_in_progress');
  const currency = currencyOf(record.currency);
  const plan: RetryPlan = {
    customerId: record.id,
    amount: record.failedChargeAmount,
    currency,
    reason: record.failedChargeReason,
    unsuspend,
  };
  return {
    charge: {
      customerId: record.id,
      amount: record.failedChargeAmount,
      currency,
      purpose: 'FAILED_CHARGE_RETRY',
      description: 'Subscription payment (retry of a failed charge)',
    },
    data: plan,
  };
}

function amountText(plan: RetryPlan): string {
  return formatMoney(money(plan.amount, currencyOf(plan.currency)));
}

/**
 * Writes what the card did. Charged: the failed charge is cleared (flag, amount, reason, retry count), the last
 * charge amount is the amount charged, the charge gets invoice version 1, and for charge_and_unsuspend the
 * suspension is lifted, all in this one transaction. Declined: the FAILED ledger row stays, the reason becomes the
 * provider's and the retry count goes up by one; the answer is a 402 with the provider's text.
 */
async function recordRetry(context: RetryContext, plan: RetryPlan, outcome: PaymentOutcome) {
  const { db, staff, can } = context;
  const event = plan.unsuspend ? 'Charged and unsuspended' : 'Failed charge retried';
  if (outcome.status === 'declined') {
    await updateCustomer(db, plan.customerId, {
      failedChargeReason: outcome.message,
      numberOfChargeRetries: sql`${customers.numberOfChargeRetries} + 1`,
    });
    await recordStaffAction(db, plan.customerId, staff, `${event}: card declined`, [
      { label: 'Amount', value: amountText(plan) },
      { label: 'Reason', value: outcome.message },
    ]);
    const still = plan.unsuspend ? ' The customer stays suspended.' : '';
    throw fail('payment_declined', {
      detail: `The card was declined: ${outcome.message}. ${amountText(plan)} is still owed.${still}`,
      keepChanges: true,
    });
  }
  if (outcome.status !== 'succeeded') throw new Error('a retry always charges');
  const charge = outcome.charge;
  await updateCustomer(db, plan.customerId, {
    chargeFailed: false,
    failedChargeAmount: null,
    failedChargeReason: null,
    numberOfChargeRetries: 0,
    maxProjIdForChargeRetry: null,
    lastChargeAmount: charge.amount,
  });
  let record: CustomerRecord | undefined;
  if (plan.unsuspend) {
    record = await liftSuspension(db, plan.customerId);
    // Someone lifted it while the card was charged: the charge stands, the customer is active either way.
    if (!record) record = await lockCustomer(db, plan.customerId);
  } else {
    record = await lockCustomer(db, plan.customerId);
  }
  const invoice = await issueInvoice(db, charge, null);
  await settleDeclinedPeriods(db, plan.customerId, charge.id, staff.id);
  await recordStaffAction(db, plan.customerId, staff, event, [
    { label: 'Amount', value: amountText(plan) },
    { label: 'Previous failure', value: plan.reason ?? 'unknown' },
    { label: 'Invoice', value: invoice.number },
  ]);
  return { charge: chargeRow(charge, invoice.version, can('invoices')), user: customerRow(record, staff.role) };
}

function retryHandler<E extends typeof api.charges.retryCharge | typeof api.charges.chargeAndUnsuspend>(
  endpoint: E & Endpoint,
  unsuspend: boolean,
) {
  return handlePayment(endpoint, {
    prepare: ({ db, params }) => planRetry(db, params.user_id, unsuspend),
    record: (context, plan: RetryPlan, outcome) => recordRetry(context as RetryContext, plan, outcome),
  });
}

/** Charges the failed amount again; 409 no_failed_charge when there is nothing to retry. */
export const retryCharge = retryHandler(api.charges.retryCharge, false);

/** The same charge and, only if it goes through, the suspension lifted in the same transaction; 409 when not suspended. */
export const chargeAndUnsuspend = retryHandler(api.charges.chargeAndUnsuspend, true);
