import { api } from '../../domain/api';
import { contractFormOf, upgradeFormDraft } from '../../domain/contract-form';
import { countOf } from '../../domain/labels';
import { call } from '../../src/http';
import { defineCommand, type Preview } from '../define';
import {
  contractFields,
  contractPrefill,
  fieldLines,
  onAnnualPlan,
  resolveForm,
  scheduleText,
  shown,
  termLines,
} from './contract-form';
import { contractViews } from './contract-views';
import { bodyOf, flatOf } from './typed-fields';

/** The flat form; the server's typed input_fields reshape it when its prefill answers them. */
const contractForm = { schema: upgradeFormDraft, fields: contractFields('current') };

export default defineCommand({
  id: 'contracts.upgrade',
  title: 'Upgrade yearly contract',
  group: 'Customer',
  permission: 'manage_corporate_contracts',
  target: 'user',
  keywords: ['contract', 'annual plan', 'corporate', 'upgrade', 'more edits', 'money'],
  available: onAnnualPlan('create a yearly contract first'),
  params: contractForm,
  prefill: contractPrefill('current', contractForm),
  confirm: 'money',
  consequence: (target, params) =>
    `${target.name}’s contract grows to ${countOf(params.number_of_edits, 'edit')} for the rest of ` +
    'this contract year; edits already paid are not charged again.',
  preview: {
    async load({ target, params, signal }): Promise<Preview> {
      const { form, extra } = await resolveForm(target, params, 'current', signal);
      const summary = await call(
        api.contracts.upgradeSummary,
        { params: { user_id: target.id }, query: { ...form, ...flatOf(extra) } },
        { signal, silent: true },
      );
      const now =
        summary.pay_now.amount > 0
          ? `Charges ${shown(summary.pay_now)} now; the contract year is then paid in full.`
          : `Charges nothing now, then ${scheduleText(summary.installments)}.`;
      const credit =
        summary.credit_to_customer.amount > 0 ? ` Credits ${shown(summary.credit_to_customer)} to the customer.` : '';
      return {
        headline: now + credit,
        lines: [
          ...termLines(form),
          ...fieldLines(extra),
          ...fieldLines(summary.general_fields),
          { label: 'Edits already paid (not charged again)', value: summary.paid_edits.toLocaleString('en-US') },
          { label: 'Remaining balance', value: shown(summary.remaining_balance) },
          { label: 'Contract year total after upgrade', value: shown(summary.new_yearly_total) },
          { label: 'Charged now', value: shown(summary.pay_now), emphasis: true },
        ],
      };
    },
  },
  async run({ target, params, idempotencyKey, signal }) {
    const { form, extra } = await resolveForm(target, params, 'current', signal);
    return call(
      api.contracts.upgrade,
      { params: { user_id: target.id }, body: { ...contractFormOf(form), ...bodyOf(extra) } },
      { idempotencyKey, signal },
    );
  },
  revalidates: contractViews,
  successMessage: ({ target, params }) =>
    `${target.name}’s contract now has ${countOf(params.number_of_edits, 'edit')}`,
});
