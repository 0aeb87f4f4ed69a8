import { api } from '../../domain/api';
import { nextPeriodBody, renewalStates } from '../../domain/contract-calls';
import { contractFormOf, unitsOf } from '../../domain/contract-form';
import { yearlySummary } from '../../domain/contract-math';
import { countOf } from '../../domain/labels';
import { formatMoney, money } from '../../domain/money';
import { call } from '../../src/http';
import { defineCommand, type Preview } from '../define';
import { onAnnualPlan, priceText, targetCurrency } from './contract-form';
import { contractViews } from './contract-views';

const renewalLabels: Record<(typeof renewalStates)[number], string> = {
  AUTO_RENEWAL: 'Renews automatically',
  NO_RENEWAL: 'Does not renew',
};

export default defineCommand({
  id: 'contracts.next-period',
  title: 'Update next contract period',
  group: 'Customer',
  permission: 'manage_corporate_contracts',
  target: 'user',
  keywords: ['contract', 'annual plan', 'renewal', 'next year', 'next period', 'renew'],
  available: onAnnualPlan('there is no contract to renew'),
  params: {
    schema: nextPeriodBody,
    fields: {
      number_of_edits: { kind: 'number', label: 'Edits next year', placeholder: 'e.g. 12000' },
      price_per_edit: {
        kind: 'money',
        label: 'Price per edit next year',
        placeholder: 'e.g. 0.45',
        hint: 'List price before the yearly discount; AI tool prices carry over.',
      },
      renewal_state: {
        kind: 'select',
        label: 'Renewal',
        placeholder: 'Choose…',
        options: renewalStates.map((value) => ({ value, label: renewalLabels[value] })),
      },
    },
  },
  confirm: 'money',
  consequence: (target) => `${target.name}’s next contract year changes; nothing is charged now.`,
  preview: {
    // The server prices the next period with the same yearly arithmetic; the terms that carry over come from it.
    async load({ target, params, signal }): Promise<Preview> {
      const current = await call(
        api.contracts.currentFormParams,
        { params: { user_id: target.id } },
        { signal, silent: true },
      );
      const next = contractFormOf({
        number_of_edits: params.number_of_edits,
        price_per_edit: params.price_per_edit,
        crop: unitsOf(current.ai_tools.crop),
        straightening: unitsOf(current.ai_tools.straightening),
        subject_mask: unitsOf(current.ai_tools.subject_mask),
        smooth_skin: unitsOf(current.ai_tools.smooth_skin),
        currency: current.currency,
        country: current.country,
      });
      const summary = yearlySummary(next);
      const monthly = formatMoney(money(summary.monthly_payment, current.currency));
      return {
        headline: `Charges nothing now; the next contract year costs ${monthly} a month.`,
        lines: [
          { label: 'Edits next year', value: params.number_of_edits.toLocaleString('en-US') },
          { label: 'Price per edit', value: priceText(params.price_per_edit, targetCurrency(target)) },
          { label: 'Discount', value: `${summary.discount_percent} %` },
          { label: 'Yearly total', value: formatMoney(money(summary.yearly_total, current.currency)) },
          { label: 'Renewal', value: renewalLabels[params.renewal_state] },
          { label: 'Next plan monthly payment', value: monthly, emphasis: true },
        ],
      };
    },
  },
  run: ({ target, params, idempotencyKey, signal }) =>
    call(api.contracts.nextPeriod, { params: { user_id: target.id }, body: params }, { idempotencyKey, signal }),
  revalidates: contractViews,
  successMessage: ({ target, params }) =>
    `${target.name}’s next contract year: ${countOf(params.number_of_edits, 'edit')}`,
});
