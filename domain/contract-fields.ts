import { z } from 'zod';
import type { ContractFormParams, UpgradeSummary, YearlySummary } from './contracts';
import { type Currency, formatMoney, money, moneySchema } from './money';

/** The spec's field types of the contract forms and summaries (data-and-calls-spec §3 Contracts). */
const contractFieldTypes = ['NUMBER', 'PRICE', 'PERCENT', 'TEXT'] as const;

const field = <T extends (typeof contractFieldTypes)[number], V extends z.ZodType>(type: T, value: V) =>
  z.object({ key: z.string(), label: z.string(), type: z.literal(type), value });

/** One typed field: its key (the flat field of the same name), what people read, its type and its value. */
export const contractFieldSchema = z.discriminatedUnion('type', [
  field('NUMBER', z.number()),
  field('PRICE', moneySchema),
  field('PERCENT', z.number()),
  field('TEXT', z.string()),
]);
export type ContractField = z.infer<typeof contractFieldSchema>;

/** The form params' `input_fields`: what staff type (number_of_edits NUMBER, price_per_edit PRICE). */
export function inputFieldsOf(params: Pick<ContractFormParams, 'number_of_edits' | 'price_per_edit'>): ContractField[] {
  return [
    { key: 'number_of_edits', label: 'Number of edits', type: 'NUMBER', value: params.number_of_edits },
    { key: 'price_per_edit', label: 'Price per edit', type: 'PRICE', value: params.price_per_edit },
  ];
}

/** The yearly summary's `general_fields`: monthly payment and yearly total (PRICE), the discount (PERCENT). */
export function yearlyGeneralFields(summary: YearlySummary, currency: Currency): ContractField[] {
  return [
    {
      key: 'monthly_payment',
      label: 'Monthly payment',
      type: 'PRICE',
      value: money(summary.monthly_payment, currency),
    },
    { key: 'discount_percent', label: 'Discount', type: 'PERCENT', value: summary.discount_percent },
    { key: 'yearly_total', label: 'Yearly total', type: 'PRICE', value: money(summary.yearly_total, currency) },
  ];
}

/** The upgrade summary's `general_fields`: the spec's five, with the payment method as TEXT and the edits a NUMBER. */
export function upgradeGeneralFields(summary: UpgradeSummary, currency: Currency): ContractField[] {
  return [
    {
      key: 'old_plan_monthly_payment',
      label: 'Old plan monthly payment',
      type: 'PRICE',
      value: money(summary.old_plan_monthly_payment, currency),
    },
    {
      key: 'new_plan_monthly_payment',
      label: 'New plan monthly payment',
      type: 'PRICE',
      value: money(summary.new_plan_monthly_payment, currency),
    },
    { key: 'payment_method', label: 'Payment method', type: 'TEXT', value: summary.payment_method },
    {
      key: 'finalized_monthly_payment',
      label: 'Finalized monthly payment',
      type: 'PRICE',
      value: money(summary.finalized_monthly_payment, currency),
    },
    {
      key: 'amount_of_unpaid_edits_moved_to_new_plan',
      label: 'Used but unpaid edits moved to the new plan',
      type: 'NUMBER',
      value: summary.amount_of_unpaid_edits_moved_to_new_plan,
    },
  ];
}

/** The cancel summary's `general_fields`: the rates (TEXT), what is paid now and credited (PRICE). */
export function cancelGeneralFields(
  summary: { rates: string; pay_now_amount: number; credits_customer_will_get: number },
  currency: Currency,
): ContractField[] {
  return [
    { key: 'rates', label: 'Rates', type: 'TEXT', value: summary.rates },
    { key: 'pay_now_amount', label: 'Pay now', type: 'PRICE', value: money(summary.pay_now_amount, currency) },
    {
      key: 'credits_customer_will_get',
      label: 'Credits the customer will get',
      type: 'PRICE',
      value: money(summary.credits_customer_will_get, currency),
    },
  ];
}

/** A typed field's value as people read it: "12,000", "$0.45", "10 %", or the text. */
export function contractFieldText(entry: ContractField): string {
  switch (entry.type) {
    case 'NUMBER':
      return entry.value.toLocaleString('en-US');
    case 'PRICE':
      return formatMoney(entry.value);
    case 'PERCENT':
      return `${entry.value.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
    case 'TEXT':
      return entry.value;
  }
}
