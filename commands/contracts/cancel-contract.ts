import { api } from '../../domain/api';
import { cancelContractForm } from '../../domain/contract-calls';
import { toMinorUnits } from '../../domain/money';
import { call } from '../../src/http';
import { defineCommand, optionsFrom, type Preview } from '../define';
import { fieldLines, onAnnualPlan, shown } from './contract-form';
import { contractViews } from './contract-views';

export default defineCommand({
  id: 'contracts.cancel',
  title: 'Cancel yearly contract',
  group: 'Customer',
  permission: 'manage_corporate_contracts',
  target: 'user',
  keywords: ['contract', 'annual plan', 'corporate', 'cancel', 'end', 'terminate', 'money'],
  available: onAnnualPlan('there is no contract to cancel'),
  params: {
    schema: cancelContractForm,
    fields: {
      reason: {
        kind: 'select',
        label: 'Reason',
        placeholder: 'Choose a reason…',
        options: optionsFrom(api.contracts.cancelOptions, {}, (answer) => answer),
      },
      description: { kind: 'textarea', label: 'Description', placeholder: 'What the customer said, for the record' },
    },
  },
  confirm: 'money',
  consequence: (target) =>
    `${target.name}’s contract ends today: edits used are billed pay-as-you-go, and they go back to METERED.`,
  preview: {
    async load({ target, signal }): Promise<Preview> {
      const summary = await call(
        api.contracts.cancelSummary,
        { params: { user_id: target.id } },
        { signal, silent: true },
      );
      const charge =
        summary.pay_now_amount.amount > 0 ? `Charges ${shown(summary.pay_now_amount)} now` : 'Charges nothing now';
      const credit =
        summary.credits_customer_will_get.amount > 0
          ? ` and credits ${shown(summary.credits_customer_will_get)} to the customer`
          : '';
      return {
        headline: `${charge}${credit}; the contract ends today.`,
        lines: [
          { label: 'Edits used', value: summary.used_photos.toLocaleString('en-US') },
          { label: 'Edits used at pay-as-you-go rates', value: shown(summary.used_value) },
          { label: 'Paid under the contract', value: shown(summary.paid_under_contract) },
          ...fieldLines(summary.general_fields, 'pay_now_amount'),
        ],
        quote: {
          expected_pay_now: toMinorUnits(summary.pay_now_amount),
          expected_credits: toMinorUnits(summary.credits_customer_will_get),
        },
      };
    },
  },
  run: ({ target, params, quote, idempotencyKey, signal }) =>
    call(
      api.contracts.cancel,
      { params: { user_id: target.id }, body: { ...params, ...quote } },
      { idempotencyKey, signal },
    ),
  revalidates: contractViews,
  successMessage: ({ target }) => `${target.name}’s yearly contract is cancelled`,
});
