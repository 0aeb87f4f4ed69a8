import { api } from '../../domain/api';
import { contractFormDraft, contractFormOf } from '../../domain/contract-form';
import { call } from '../../src/http';
import { defineCommand, type Preview } from '../define';
import {
  contractFields,
  contractPrefill,
  fieldLines,
  resolveForm,
  scheduleText,
  shown,
  termLines,
} from './contract-form';
import { contractViews } from './contract-views';
import { bodyOf, flatOf } from './typed-fields';

/** The flat form; the server's typed input_fields reshape it when its prefill answers them. */
const contractForm = { schema: contractFormDraft, fields: contractFields('default') };

export default defineCommand({
  id: 'contracts.new',
  title: 'New yearly contract',
  group: 'Customer',
  permission: 'new_custom_contract',
  target: 'user',
  keywords: ['contract', 'annual plan', 'corporate', 'yearly', 'subscription', 'money'],
  // Offered to every customer: one still on CORPORATE_CONTRACT whose contract year is over needs a new one, and for a
  // running contract the preview already says why not (409 contract_exists) before anything can be confirmed.
  params: contractForm,
  prefill: contractPrefill('default', contractForm),
  confirm: 'money',
  consequence: (target) =>
    `${target.name} moves to an annual plan; the first monthly installment is charged to the card on file now.`,
  preview: {
    async load({ target, params, signal }): Promise<Preview> {
      const { form, extra } = await resolveForm(target, params, 'default', signal);
      const summary = await call(
        api.contracts.newSummary,
        { params: { user_id: target.id }, query: { ...form, ...flatOf(extra) } },
        { signal, silent: true },
      );
      return {
        headline: `Charges ${shown(summary.pay_now)} now, then ${scheduleText(summary.installments.slice(1))}.`,
        lines: [
          ...termLines(form),
          ...fieldLines(extra),
          { label: 'List price of the edits', value: shown(summary.gross_total) },
          ...fieldLines(summary.general_fields),
          { label: 'Charged now', value: shown(summary.pay_now), emphasis: true },
        ],
      };
    },
  },
  async run({ target, params, idempotencyKey, signal }) {
    const { form, extra } = await resolveForm(target, params, 'default', signal);
    return call(
      api.contracts.create,
      { params: { user_id: target.id }, body: { ...contractFormOf(form), ...bodyOf(extra) } },
      { idempotencyKey, signal },
    );
  },
  revalidates: contractViews,
  successMessage: ({ target }) => `${target.name} is on a yearly contract`,
});
