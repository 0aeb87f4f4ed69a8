import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { ContractFormParams } from '../../domain/contracts';
import { formatMoney, money } from '../../domain/money';
import { contracts } from '../db/schema';
import { fail } from '../http/errors';
import { handlePayment } from '../payments/handle-payment';
import { lockCustomer, recordStaffAction } from '../users/customer-records';
import { type PricedUpgrade, priceUpgrade } from './pricing';
import {
  contractTiles,
  guardNoPendingContractPayment,
  recordContractSettlement,
  requireActiveContract,
  termsOf,
  todayUtc,
} from './records';

interface UpgradePlan {
  contractId: number;
  version: number;
  params: ContractFormParams;
  priced: Pick<PricedUpgrade, 'summary' | 'newPlan' | 'newYearlyTotal' | 'answer'> & { editsUsed: number };
  today: string;
}

/**
 * Upgrade: priced exactly as `summary/upgrade` prices the same form today. Charges what is due now (the whole
 * remaining balance in the contract's last month, else nothing: the balance is split over the months left), never
 * the edits already paid. The running contract takes the new terms; the old terms stay in the history as an
 * UPGRADED row. Old-plan money worth less than an edit beyond the new charge becomes customer credit.
 */
export const upgradeContract = handlePayment(api.contracts.upgrade, {
  async prepare(context, payment) {
    const { db, params, body } = context;
    const customer = await lockCustomer(db, params.user_id);
    const contract = await requireActiveContract(db, customer.id);
    await guardNoPendingContractPayment(db, customer.id, payment);
    const today = todayUtc();
    const priced = await priceUpgrade(db, customer, contract, body, today);
    const dueNow = priced.summary.due_now;
    if (dueNow > 0 && !customer.paymentMethodToken) throw fail('no_payment_method');
    const data: UpgradePlan = {
      contractId: contract.id,
      version: contract.version,
      params: body,
      priced: { ...priced, editsUsed: priced.state.edits_used },
      today,
    };
    return {
      charge:
        dueNow > 0
          ? {
              customerId: customer.id,
              amount: dueNow,
              currency: body.currency,
              purpose: 'CONTRACT_PAYMENT',
              description: `Yearly contract upgraded to ${body.number_of_edits.toLocaleString('en-US')} edits`,
            }
          : null,
      data,
    };
  },
  async record({ db, params, staff }, plan, outcome) {
    if (outcome.status === 'declined') {
      throw fail('payment_declined', {
        detail: `The card was declined (${outcome.message}); the contract was not upgraded`,
        keepChanges: true,
      });
    }
    const customer = await lockCustomer(db, params.user_id);
    const contract = await requireActiveContract(db, customer.id, true);
    if (contract.id !== plan.contractId || contract.version !== plan.version) throw fail('contract_changed');
    const { summary, newPlan, newYearlyTotal } = plan.priced;
    const currency = plan.params.currency;
    const { id: _id, createdAt: _created, ...oldTerms } = contract;
    await db.insert(contracts).values({
      ...oldTerms,
      state: 'UPGRADED',
      endDate: plan.today,
      editsUsedAtEnd: plan.priced.editsUsed,
      replacedBy: contract.id,
      createdAt: contract.createdAt,
    });
    const [row] = await db
      .update(contracts)
      .set({
        ...termsOf(plan.params),
        discountBasisPoints: Math.round(newPlan.discount_percent * 100),
        monthlyPayment: summary.due_now > 0 ? 0 : summary.finalized_monthly_payment,
        yearlyTotal: newYearlyTotal,
        changedBy: staff.id,
        changedAt: sql`now()`,
        version: contract.version + 1,
      })
      .where(eq(contracts.id, contract.id))
      .returning();
    if (!row) throw new Error('contract not updated');
    const charge = outcome.status === 'succeeded' ? outcome.charge : null;
    await recordContractSettlement(db, {
      contractId: contract.id,
      customerId: customer.id,
      currency,
      staffId: staff.id,
      charge,
      chargedAs: 'UPGRADE_PAYMENT',
      credit: {
        amount: summary.credit_to_customer,
        as: 'UPGRADE_CREDIT',
        reason: 'Yearly contract upgraded',
        description: 'Old-plan payment worth less than one edit, returned as credit',
        source: 'CONTRACT_UPGRADE',
      },
    });
    await recordStaffAction(db, customer.id, staff, 'Yearly contract upgraded', [
      {
        label: 'Edits',
        value: `${contract.numberOfEdits.toLocaleString('en-US')} → ${plan.params.number_of_edits.toLocaleString('en-US')}`,
      },
      { label: 'Charged now', value: formatMoney(money(charge?.amount ?? 0, currency)) },
      { label: 'Then a month', value: formatMoney(money(summary.finalized_monthly_payment, currency)) },
      { label: 'Months left', value: String(summary.remaining_months) },
    ]);
    return {
      contract: await contractTiles(db, row, customer, plan.today),
      summary: plan.priced.answer,
      charged: charge ? money(charge.amount, currency) : null,
      charge_id: charge?.id ?? null,
    };
  },
});
