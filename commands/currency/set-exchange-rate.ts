import { api } from '../../domain/api';
import { exchangeRateForm } from '../../domain/currency';
import { exchangeRateText, rateToMicros } from '../../domain/currency-change';
import { currencies, currencySymbols } from '../../domain/money';
import { call } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { defineCommand } from '../define';

const currencyOptions = currencies.map((code) => ({ value: code, label: `${code} (${currencySymbols[code]})` }));

/** "+0.94 %" between two rates in millionths. */
function change(oldMicros: number, newMicros: number): string {
  const percent = ((newMicros - oldMicros) / oldMicros) * 100;
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(2)} %`;
}

export default defineCommand({
  id: 'operations.set-exchange-rate',
  title: 'Set exchange rate',
  group: 'Operations',
  permission: 'exchange_rates',
  target: 'none',
  keywords: ['exchange', 'rate', 'currency', 'fx', 'usd', 'eur', 'gbp'],
  params: {
    schema: exchangeRateForm,
    fields: {
      from: { kind: 'select', label: 'From', options: currencyOptions, placeholder: 'Choose a currency…' },
      to: { kind: 'select', label: 'To', options: currencyOptions, placeholder: 'Choose a currency…' },
      rate: {
        kind: 'number',
        label: 'Rate',
        placeholder: 'e.g. 0.9213',
        hint: 'Units of “To” for one unit of “From”, at most six decimals. Each direction has its own rate.',
      },
    },
  },
  // Not money moving now, but every later currency change prices with it: confirm after reading old → new.
  confirm: 'destructive',
  consequence: (_, params) =>
    `Currency changes from ${params.from} to ${params.to} use ${exchangeRateText(params.from, params.to, rateToMicros(params.rate) ?? 0)} from now on; the old rate stays in the history.`,
  preview: {
    load: async ({ params, signal }) => {
      const { rates } = await call(api.currency.exchangeRates, {}, { signal });
      const current = rates.find((rate) => rate.from === params.from && rate.to === params.to);
      const micros = rateToMicros(params.rate) ?? 0;
      const next = exchangeRateText(params.from, params.to, micros);
      if (!current) return { headline: `Sets ${next}.`, lines: [{ label: 'New rate', value: next, emphasis: true }] };
      const oldMicros = rateToMicros(Number(current.rate)) ?? 0;
      return {
        headline: `Changes ${current.text} to ${next} (${change(oldMicros, micros)}).`,
        lines: [
          { label: 'Current rate', value: current.text },
          {
            label: 'Set by',
            value: `${current.set_by ?? 'Initial rates'}, ${formatDateTime(current.set_at)}`,
          },
          { label: 'New rate', value: next, emphasis: true },
          { label: 'Change', value: change(oldMicros, micros) },
        ],
        ...(oldMicros === micros ? { blocked: 'This is already the current rate.' } : {}),
      };
    },
  },
  run: ({ params, signal }) =>
    call(
      api.currency.setExchangeRate,
      { params: { from: params.from, to: params.to }, body: { rate: params.rate } },
      { signal },
    ),
  revalidates: [api.currency.exchangeRates],
  successMessage: ({ params }) =>
    `${exchangeRateText(params.from, params.to, rateToMicros(params.rate) ?? 0)} from now on`,
});
