import { api } from '../../domain/api';
import { type Currency, formatMoney, money } from '../../domain/money';
import type { Database } from '../db/client';
import { customerCredits } from '../db/schema';
import { fail } from '../http/errors';
import { handlePayment } from '../payments/handle-payment';
import { lockCustomer, recordStaffAction, updateCustomer } from '../users/customer-records';
import { type CurrencyChangePlan, creditBalance, currencyOf, planCurrencyChange } from './currency-change-plan';

/** The credit ledger rows of a change: the old currency's balance goes to zero, the converted credit arrives. */
async function moveCredits(db: Database, plan: CurrencyChangePlan, staffId: number): Promise<void> {
  const { from, to, settlement } = plan;
  const rows: (typeof customerCredits.$inferInsert)[] = [];
  const row = (amount: number, currency: string, description: string) => ({
    customerId: plan.customerId,
    amount,
    currency,
    reason: 'CURRENCY_CHANGE',
    description,
    source: 'CURRENCY_CHANGE',
    staffId,
  });
  if (settlement.creditApplied > 0) {
    rows.push(row(-settlement.creditApplied, from, `Applied to the open period, settled before the change to ${to}`));
  }
  if (settlement.creditLeft > 0) {
    rows.push(row(-settlement.creditLeft, from, `Converted to ${to} at ${plan.rateText}`));
  }
  if (settlement.convertedCredit > 0) {
    rows.push(row(settlement.convertedCredit, to, `Converted from ${from} at ${plan.rateText}`));
  }
  if (rows.length > 0) await db.insert(customerCredits).values(rows);
}

/** True when what the plan priced is still what is stored (currency, open period, credit balance). */
async function stillAsPlanned(db: Database, plan: CurrencyChangePlan): Promise<boolean> {
  const record = await lockCustomer(db, plan.customerId);
  if (currencyOf(record) !== plan.from) return false;
  const { settlement } = plan;
  if (record.unbilledUsage !== settlement.cost || record.unbilledBackup !== settlement.backupCost) return false;
  return Math.max(0, await creditBalance(db, plan.customerId, plan.from)) === settlement.credits;
}

/** 409 `price_changed` when the preview the person confirmed no longer holds (see `currencyChangeBody`). */
function refuseIfRepriced(
  expected: { expected_total?: number | undefined; expected_rate?: string | undefined },
  total: number,
  rateText: string,
  currency: string,
): void {
  const shown = (minor: number) => formatMoney(money(minor, currency as Currency));
  if (expected.expected_total !== undefined && expected.expected_total !== total) {
    throw fail('price_changed', {
      detail: `The amount due now changed since the preview: ${shown(total)} instead of ${shown(expected.expected_total)}; review the new preview and confirm again`,
    });
  }
  if (expected.expected_rate !== undefined && expected.expected_rate !== rateText) {
    throw fail('price_changed', {
      detail: `The exchange rate changed since the preview: ${rateText} instead of ${expected.expected_rate}; review the new preview and confirm again`,
    });
  }
}

/**
 * Changes the customer's currency (docs/payments.md, currency change): the open period is settled in the old currency (the
 * credit first, the card for the rest, through the payment pipeline), the credit left is converted at the current
 * rate with two credit ledger rows, then the currency changes and the open period restarts at zero. A decline
 * changes nothing but the FAILED ledger row (402 with the provider's reason).
 */
export const changeCurrency = handlePayment(api.currency.change, {
  async prepare({ db, params, body }, { providerKey }) {
    const record = await lockCustomer(db, params.user_id);
    const plan = await planCurrencyChange(db, record, body.new_currency, providerKey);
    if (plan.block) throw fail(plan.block.code, { detail: plan.block.detail });
    const { settlement, from, to } = plan;
    refuseIfRepriced(body, settlement.total, plan.rateText, from);
    const charge =
      settlement.total > 0
        ? {
            customerId: record.id,
            amount: settlement.total,
            currency: from,
            purpose: 'CURRENCY_CHANGE' as const,
            description: `Open period settled before the change from ${from} to ${to}`,
          }
        : null;
    return { charge, data: plan };
  },

  async record({ db, staff }, plan, outcome) {
    const { from, to, settlement } = plan;
    if (outcome.status === 'declined') {
      throw fail('payment_declined', {
        detail: `The card was declined: ${outcome.message}. The customer still pays in ${from}; nothing else changed.`,
        keepChanges: true,
      });
    }
    if (!(await stillAsPlanned(db, plan))) {
      // Charged already: keep the ledger row of the money that moved; staff see it on the Charges tab.
      throw fail('currency_changed_meanwhile', { keepChanges: outcome.status === 'succeeded' });
    }
    await moveCredits(db, plan, staff.id);
    await updateCustomer(db, plan.customerId, { currency: to, unbilledUsage: 0, unbilledBackup: 0 });
    const charged = money(settlement.total, from);
    await recordStaffAction(db, plan.customerId, staff, 'Currency changed', [
      { label: 'From', value: from },
      { label: 'To', value: to },
      { label: 'Exchange rate', value: plan.rateText },
      { label: 'Charged now', value: formatMoney(charged) },
      { label: 'Credit converted', value: formatMoney(money(settlement.creditLeft, from)) },
      { label: 'Credit in new currency', value: formatMoney(money(settlement.convertedCredit, to)) },
    ]);
    return {
      user_id: plan.customerId,
      currency: to,
      payment_status: outcome.status === 'succeeded' ? ('SUCCEEDED' as const) : ('NOT_CHARGED' as const),
      charged,
      amount_left_after_charge: money(settlement.creditLeft, from),
      exchange_rate: plan.rateText,
      credit_in_new_currency: money(settlement.convertedCredit, to),
    };
  },
});
