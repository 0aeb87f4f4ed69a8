import { api } from '../../domain/api';
import type { ContractFormParams, YearlySummary } from '../../domain/contracts';
import { formatMoney, money } from '../../domain/money';
import { contractPayments, contracts } from '../db/schema';
import { fail } from '../http/errors';
import { handlePayment } from '../payments/handle-payment';
import { lockCustomer, recordStaffAction, updateCustomer } from '../users/customer-records';
import { priceNewContract } from './pricing';
import {
  activeContract,
  addMonths,
  contractTiles,
  endExpiredContract,
  guardNoPendingContractPayment,
  termsOf,
  todayUtc,
} from './records';

interface NewContractPlan {
  params: ContractFormParams;
  summary: YearlySummary;
  answer: ReturnType<typeof priceNewContract>['answer'];
  today: string;
}

/**
 * New yearly contract: priced exactly as `summary/new` prices the same form, the first installment charged to the
 * stored card now; only when that succeeds (or nothing is due) is the contract created, its installment written to
 * the contract's payments ledger, and the customer moved to CORPORATE_CONTRACT. A decline answers 402 and keeps
 * only the FAILED ledger row.
 */
export const createContract = handlePayment(api.contracts.create, {
  async prepare(context, payment) {
    const { db, params, body } = context;
    const customer = await lockCustomer(db, params.user_id);
    if (await activeContract(db, customer.id)) throw fail('contract_exists');
    await guardNoPendingContractPayment(db, customer.id, payment);
    const priced = priceNewContract(customer, body);
    const firstInstallment = priced.summary.installments[0] ?? 0;
    if (firstInstallment > 0 && !customer.paymentMethodToken) throw fail('no_payment_method');
    const data: NewContractPlan = { params: body, summary: priced.summary, answer: priced.answer, today: todayUtc() };
    return {
      charge:
        firstInstallment > 0
          ? {
              customerId: customer.id,
              amount: firstInstallment,
              currency: body.currency,
              purpose: 'CONTRACT_PAYMENT',
              description: `Yearly contract, ${body.number_of_edits.toLocaleString('en-US')} edits: installment 1 of 12`,
            }
          : null,
      data,
    };
  },
  async record({ db, params, staff }, plan, outcome) {
    if (outcome.status === 'declined') {
      throw fail('payment_declined', {
        detail: `The card was declined (${outcome.message}); no contract was created`,
        keepChanges: true,
      });
    }
    const customer = await lockCustomer(db, params.user_id);
    if (await activeContract(db, customer.id)) throw fail('contract_exists');
    await endExpiredContract(db, customer.id);
    const { summary, params: form } = plan;
    const [row] = await db
      .insert(contracts)
      .values({
        customerId: customer.id,
        state: 'ACTIVE',
        startDate: plan.today,
        endDate: addMonths(plan.today, 12),
        ...termsOf(form),
        discountBasisPoints: Math.round(summary.discount_percent * 100),
        monthlyPayment: summary.monthly_payment,
        yearlyTotal: summary.yearly_total,
        createdBy: staff.id,
      })
      .returning();
    if (!row) throw new Error('contract not inserted');
    const charge = outcome.status === 'succeeded' ? outcome.charge : null;
    if (charge) {
      await db.insert(contractPayments).values({
        contractId: row.id,
        customerId: customer.id,
        kind: 'INSTALLMENT',
        amount: charge.amount,
        currency: form.currency,
        chargeId: charge.id,
        staffId: staff.id,
      });
    }
    // The first installment is the customer's last charge, as the billing job writes each later one.
    const updated = await updateCustomer(db, customer.id, {
      subscriptionType: 'CORPORATE_CONTRACT',
      ...(charge ? { lastChargeAmount: charge.amount } : {}),
    });
    await recordStaffAction(db, customer.id, staff, 'Yearly contract created', [
      { label: 'Edits', value: form.number_of_edits.toLocaleString('en-US') },
      { label: 'Yearly total', value: formatMoney(money(summary.yearly_total, form.currency)) },
      { label: 'Monthly payment', value: formatMoney(money(summary.monthly_payment, form.currency)) },
      { label: 'Charged now', value: formatMoney(money(charge?.amount ?? 0, form.currency)) },
    ]);
    return {
      contract: await contractTiles(db, row, updated, plan.today),
      summary: plan.answer,
      charged: charge ? money(charge.amount, form.currency) : null,
      charge_id: charge?.id ?? null,
    };
  },
});
