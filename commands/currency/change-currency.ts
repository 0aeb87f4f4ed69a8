import { api } from '../../domain/api';
import { type CurrencySummary, currencyChangeForm } from '../../domain/currency';
import { formatMoney, toMinorUnits } from '../../domain/money';
import { call } from '../../src/http';
import { defineCommand, optionsFrom, type Preview } from '../define';
import { customerRowViews } from '../users/customer-views';

const currencyNames = { USD: 'US dollar', GBP: 'Pound sterling', EUR: 'Euro' } as const;

/** The summary as the confirmation shows it: what is charged now in the old currency, what is carried over. */
export function currencyPreview(summary: CurrencySummary): Preview {
  const { charge_info: info, user_currency: from, new_currency: to } = summary;
  const charged = formatMoney(info.total.value);
  const carried = formatMoney(summary.credit_in_new_currency.value);
  const charge = info.total.value.amount > 0 ? `Charges ${charged} now, in ${from.code}` : `Charges nothing now`;
  return {
    headline: `${charge}; carries ${carried} of credit over to ${to.code}.`,
    lines: [
      ...[info.cost, info.backup_cost, info.credits].map((line) => ({
        label: line.label,
        value: formatMoney(line.value),
      })),
      { label: info.total.label, value: charged, emphasis: true },
      { label: 'Exchange rate', value: summary.exchange_rate },
      { label: summary.amount_left_after_charge.label, value: formatMoney(summary.amount_left_after_charge.value) },
      { label: summary.credit_in_new_currency.label, value: carried, emphasis: true },
    ],
    ...(summary.blocked ? { blocked: summary.blocked } : {}),
    // Sent back with the change: the server refuses (409) rather than charge or convert at other numbers.
    quote: { expected_total: toMinorUnits(info.total.value), expected_rate: summary.exchange_rate },
  };
}

export default defineCommand({
  id: 'user.change-currency',
  title: 'Change currency',
  group: 'Customer',
  permission: 'change_currency',
  target: 'user',
  keywords: ['currency', 'usd', 'eur', 'gbp', 'dollar', 'euro', 'pound', 'exchange', 'money'],
  params: {
    schema: currencyChangeForm,
    fields: {
      new_currency: {
        kind: 'select',
        label: 'New currency',
        placeholder: 'Choose a currency…',
        // The currencies the customer may change to: the server's options call (all but their own).
        options: optionsFrom(
          api.currency.options,
          ({ target }) => (target ? { params: { user_id: target.id } } : null),
          (answer) =>
            answer.currency_options.map(({ code, symbol }) => ({
              value: code,
              label: `${code} (${symbol}) — ${currencyNames[code as keyof typeof currencyNames] ?? code}`,
            })),
        ),
        hint: ({ target }) =>
          target?.row
            ? `Pays in ${target.row.currency} now. The open period is settled in ${target.row.currency} first.`
            : 'The open period is settled in the current currency first.',
      },
    },
  },
  confirm: 'money',
  consequence: (target, params) =>
    `${target.name} will be billed in ${params.new_currency} from now on; their credit is converted at today’s rate.`,
  preview: {
    load: async ({ target, params, signal }) => {
      if (target.row?.currency === params.new_currency) {
        return {
          headline: `${target.name} already pays in ${params.new_currency}.`,
          lines: [],
          blocked: 'Choose another currency.',
        };
      }
      const summary = await call(
        api.currency.summary,
        { params: { user_id: target.id }, query: { new_currency: params.new_currency } },
        { signal },
      );
      return currencyPreview(summary);
    },
  },
  run: ({ target, params, quote, idempotencyKey, signal }) =>
    call(
      api.currency.change,
      { params: { user_id: target.id }, body: { ...params, ...quote } },
      { idempotencyKey, signal },
    ),
  revalidates: [
    ...customerRowViews,
    api.userDetails.details,
    api.userDetails.payments,
    api.userDetails.credits,
    api.currency.options,
  ],
  successMessage: ({ target, params }) => `${target.name} now pays in ${params.new_currency}`,
});
