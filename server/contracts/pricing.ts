import { cancelGeneralFields, upgradeGeneralFields, yearlyGeneralFields } from '../../domain/contract-fields';
import { cancelSummary, upgradeSummary, yearlySummary } from '../../domain/contract-math';
import type {
  CancelSummary,
  ContractFormParams,
  ContractState,
  UpgradeSummary,
  YearlySummary,
} from '../../domain/contracts';
import { cancelSummaryFields, upgradeSummaryFields, yearlySummaryFields } from '../../domain/contracts';
import { type Currency, money } from '../../domain/money';
import type { Database } from '../db/client';
import { fail } from '../http/errors';
import type { CustomerRecord } from '../users/rows';
import { type ContractRow, contractFacts, contractStateOf, currencyOf } from './records';

/** A contract is in the customer's own currency (charges and credits are). */
function checkCurrency(customer: CustomerRecord, params: ContractFormParams): void {
  const currency = currencyOf(customer);
  if (params.currency !== currency) {
    throw fail('contract_currency_mismatch', {
      field: 'currency',
      detail: `currency: a contract is in the customer’s own currency (${currency}); change the customer’s currency first`,
    });
  }
}

/** The new-contract summary as answered (summary/new and the POST's echo). */
export function yearlyAnswer(summary: YearlySummary, currency: Currency) {
  return {
    general_fields: yearlyGeneralFields(summary, currency),
    ...yearlySummaryFields(summary, currency),
    gross_total: money(summary.gross_total, currency),
    pay_now: money(summary.installments[0] ?? 0, currency),
    installments: summary.installments.map((amount) => money(amount, currency)),
  };
}

/** Prices a new contract for the customer: the same numbers for the summary and the POST. */
export function priceNewContract(customer: CustomerRecord, params: ContractFormParams) {
  checkCurrency(customer, params);
  const summary = yearlySummary(params);
  return { summary, answer: yearlyAnswer(summary, params.currency) };
}

export interface PricedUpgrade {
  state: ContractState;
  summary: UpgradeSummary;
  newPlan: YearlySummary;
  /** The contract year's total after the upgrade: paid so far, less any credit, plus the remaining balance. */
  newYearlyTotal: number;
  answer: ReturnType<typeof upgradeAnswer>;
}

function upgradeAnswer(summary: UpgradeSummary, newPlan: YearlySummary, newYearlyTotal: number, currency: Currency) {
  return {
    general_fields: upgradeGeneralFields(summary, currency),
    ...upgradeSummaryFields(summary, currency),
    paid_edits: summary.paid_edits,
    edits_charged_under_new_plan: summary.edits_charged_under_new_plan,
    remaining_balance: money(summary.remaining_balance, currency),
    remaining_months: summary.remaining_months,
    credit_to_customer: money(summary.credit_to_customer, currency),
    pay_now: money(summary.due_now, currency),
    new_yearly_total: money(newYearlyTotal, currency),
    discount_percent: newPlan.discount_percent,
    installments: summary.installments.map((amount) => money(amount, currency)),
  };
}

/** Prices upgrading the running contract to `params` on `today`; a refusal is a 4xx naming why. */
export async function priceUpgrade(
  db: Database,
  customer: CustomerRecord,
  contract: ContractRow,
  params: ContractFormParams,
  today: string,
): Promise<PricedUpgrade> {
  checkCurrency(customer, params);
  const state = contractStateOf(contract, await contractFacts(db, contract.id));
  const result = upgradeSummary(state, params, today);
  if ('refused' in result) {
    if (result.refused === 'NOT_AN_UPGRADE') {
      throw fail('contract_not_an_upgrade', {
        field: 'number_of_edits',
        detail: `number_of_edits: an upgrade must add edits; the running contract has ${contract.numberOfEdits.toLocaleString('en-US')}`,
      });
    }
    if (result.refused === 'CURRENCY_MISMATCH') throw fail('contract_currency_mismatch', { field: 'currency' });
    throw fail('contract_year_over');
  }
  const newPlan = yearlySummary(params);
  const newYearlyTotal = state.paid_so_far - result.credit_to_customer + result.remaining_balance;
  return {
    state,
    summary: result,
    newPlan,
    newYearlyTotal,
    answer: upgradeAnswer(result, newPlan, newYearlyTotal, params.currency),
  };
}

export interface PricedCancel {
  state: ContractState;
  summary: CancelSummary;
  answer: ReturnType<typeof cancelAnswer>;
}

function cancelAnswer(summary: CancelSummary, state: ContractState, userId: number) {
  return {
    general_fields: cancelGeneralFields(summary, state.currency),
    ...cancelSummaryFields(summary, state.currency, userId),
    used_photos: state.edits_used,
    used_value: money(summary.used_value, state.currency),
    paid_under_contract: money(state.paid_so_far, state.currency),
  };
}

/** Prices cancelling the running contract on `today`. */
export async function priceCancel(db: Database, contract: ContractRow, today: string): Promise<PricedCancel> {
  const state = contractStateOf(contract, await contractFacts(db, contract.id));
  const result = cancelSummary(state, today);
  if ('refused' in result) throw fail('contract_year_over');
  return { state, summary: result, answer: cancelAnswer(result, state, contract.customerId) };
}
