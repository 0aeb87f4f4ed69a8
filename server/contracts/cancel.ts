import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { cancelAnnualPlanReasons } from '../../domain/contract-calls';
import { type Currency, formatMoney, money } from '../../domain/money';
import { contracts } from '../db/schema';
import { fail } from '../http/errors';
import { handlePayment } from '../payments/handle-payment';
import { lockCustomer, recordStaffAction, updateCustomer } from '../users/customer-records';
import { type PricedCancel, priceCancel } from './pricing';
import {
  guardNoPendingContractPayment,
  pastContractOf,
  recordContractSettlement,
  requireActiveContract,
  todayUtc,
} from './records';

interface CancelPlan {
  contractId: number;
  version: number;
  priced: Pick<PricedCancel, 'summary' | 'answer'> & { editsUsed: number };
  today: string;
}

/**
 * Cancel: priced exactly as `cancel_contract/summary` prices it today. The edits used cost the pay-as-you-go rate;
 * what is short of it is charged now, what was paid beyond it becomes customer credit (source
 * CONTRACT_CANCELLATION). The contract ends today and the customer goes back to METERED (pay as you go). A decline
 * answers 402 and leaves the contract running.
 */
export const cancelContract = handlePayment(api.contracts.cancel, {
  async prepare(context, payment) {
    const { db, params } = context;
    const customer = await lockCustomer(db, params.user_id);
    const contract = await requireActiveContract(db, customer.id);
    await guardNoPendingContractPayment(db, customer.id, payment);
    const today = todayUtc();
    const priced = await priceCancel(db, contract, today);
    const payNow = priced.summary.pay_now_amount;
    const credits = priced.summary.credits_customer_will_get;
    const { expected_pay_now: expectedPayNow, expected_credits: expectedCredits } = context.body;
    if (
      (expectedPayNow !== undefined && expectedPayNow !== payNow) ||
      (expectedCredits !== undefined && expectedCredits !== credits)
    ) {
      const shown = (minor: number) => formatMoney(money(minor, contract.currency as Currency));
      throw fail('price_changed', {
        detail: `The cancellation was repriced since the preview (usage was recorded): pay now ${shown(payNow)}, credits ${shown(credits)}; review the new preview and confirm again`,
      });
    }
    if (payNow > 0 && !customer.paymentMethodToken) throw fail('no_payment_method');
    const data: CancelPlan = {
      contractId: contract.id,
      version: contract.version,
      priced: { summary: priced.summary, answer: priced.answer, editsUsed: priced.state.edits_used },
      today,
    };
    return {
      charge:
        payNow > 0
          ? {
              customerId: customer.id,
              amount: payNow,
              currency: contract.currency,
              purpose: 'CONTRACT_PAYMENT',
              description: `Yearly contract cancelled: ${priced.state.edits_used.toLocaleString('en-US')} edits used, pay-as-you-go`,
            }
          : null,
      data,
    };
  },
  async record({ db, params, body, staff }, plan, outcome) {
    if (outcome.status === 'declined') {
      throw fail('payment_declined', {
        detail: `The card was declined (${outcome.message}); the contract was not cancelled`,
        keepChanges: true,
      });
    }
    const customer = await lockCustomer(db, params.user_id);
    const contract = await requireActiveContract(db, customer.id, true);
    if (contract.id !== plan.contractId || contract.version !== plan.version) throw fail('contract_changed');
    const { summary } = plan.priced;
    const currency = contract.currency as 'USD' | 'GBP' | 'EUR';
    const [row] = await db
      .update(contracts)
      .set({
        state: 'CANCELLED',
        endDate: plan.today,
        editsUsedAtEnd: plan.priced.editsUsed,
        cancellationReason: body.reason,
        cancellationDescription: body.description || null,
        monthlyPayment: 0,
        changedBy: staff.id,
        changedAt: sql`now()`,
        version: contract.version + 1,
      })
      .where(eq(contracts.id, contract.id))
      .returning();
    if (!row) throw new Error('contract not updated');
    const charge = outcome.status === 'succeeded' ? outcome.charge : null;
    const reason = cancelAnnualPlanReasons.find((entry) => entry.value === body.reason)?.label ?? body.reason;
    await recordContractSettlement(db, {
      contractId: contract.id,
      customerId: customer.id,
      currency,
      staffId: staff.id,
      charge,
      chargedAs: 'CANCEL_SETTLEMENT',
      credit: {
        amount: summary.credits_customer_will_get,
        as: 'CANCEL_CREDIT',
        reason: 'Yearly contract cancelled',
        description: `Paid beyond the edits used at pay-as-you-go rates (${reason})`,
        source: 'CONTRACT_CANCELLATION',
      },
    });
    await updateCustomer(db, customer.id, { subscriptionType: 'METERED' });
    await recordStaffAction(db, customer.id, staff, 'Yearly contract cancelled', [
      { label: 'Reason', value: reason },
      ...(body.description ? [{ label: 'Description', value: body.description }] : []),
      { label: 'Charged now', value: formatMoney(money(charge?.amount ?? 0, currency)) },
      { label: 'Credited', value: formatMoney(money(summary.credits_customer_will_get, currency)) },
    ]);
    return {
      ...plan.priced.answer,
      past_contract: pastContractOf(row),
      charged: charge ? money(charge.amount, currency) : null,
      charge_id: charge?.id ?? null,
    };
  },
});
