import type { z } from 'zod';
import { api } from '../../domain/api';
import { formatMoney, type Money, money } from '../../domain/money';
import { type Refundable, refundBody, refundDestinationLabels } from '../../domain/refunds';
import { call } from '../../src/http';
import { typedId } from '../../src/ui/fields/rank-choices';
import { defineCommand, optionsFrom, type Preview, type PreviewLine, type UserTarget } from '../define';
import { readAhead, readOnce } from '../read-ahead';
import { editingProjectField } from './project-choice';

const refundForm = refundBody.extend({ project_id: api.refunds.refund.params.shape.project_id });
type RefundForm = z.output<typeof refundForm>;

/** What is left to refund of a project (its ETag is the version the refund is sent against). */
const refundableOf = (projectId: number) => (signal: AbortSignal) =>
  call(api.refunds.refundable, { params: { project_id: projectId } }, { signal, silent: true });

const minorOf = (amount: number) => Math.round(amount * 100);
const moneyLike = (minor: number, like: Money): Money => ({ ...like, amount: minor });

/** The confirmation's preview: the amount and currency, where it goes, what was charged and what is left after. */
export function refundPreview(left: Refundable, params: RefundForm, customerName: string): Preview {
  const amount = moneyLike(minorOf(params.amount), left.refundable);
  const text = `${formatMoney(amount)} (${left.currency})`;
  const after = moneyLike(Math.max(0, left.refundable.amount - amount.amount), left.refundable);
  const lines: PreviewLine[] = [
    { label: 'Refund', value: text, emphasis: true },
    { label: 'Goes', value: refundDestinationLabels[params.to] },
    { label: 'Project', value: `${left.project_name} (#${left.project_id})` },
    { label: 'Charged in total', value: formatMoney(left.charged) },
    { label: 'Paid', value: formatMoney(left.paid) },
    { label: 'Refunded before', value: formatMoney(left.refunded) },
    { label: 'Left after this refund', value: formatMoney(after) },
  ];
  const blocked =
    left.reason !== null
      ? `${left.reason}.`
      : amount.amount <= 0
        ? 'The amount must be more than 0.'
        : amount.amount > left.refundable.amount
          ? `At most ${formatMoney(left.refundable)} is left to refund of this project.`
          : params.to === 'card' && !left.card.available
            ? (left.card.reason ?? 'This project cannot be refunded to a card.')
            : undefined;
  const headline =
    params.to === 'card'
      ? `Refunds ${text} to the card that paid for ${left.project_name}; the invoice gets a credit note.`
      : `Adds ${text} of credit to ${customerName}’s account for ${left.project_name}; the card is not touched.`;
  return { headline, lines, ...(blocked ? { blocked } : {}) };
}

/** The amount in the customer's currency when known ("$12.50"), else as a number. */
function amountOf(target: UserTarget, params: RefundForm): string {
  const currency = target.row?.currency;
  return currency ? formatMoney(money(minorOf(params.amount), currency)) : params.amount.toFixed(2);
}

export default defineCommand({
  id: 'project.refund',
  title: 'Refund project',
  group: 'Customer',
  permission: 'refund',
  target: 'user',
  shortcut: 'Shift+F',
  keywords: ['refund', 'money back', 'project', 'credit', 'card', 'compensate'],
  params: {
    schema: refundForm,
    fields: {
      project_id: editingProjectField,
      amount: {
        kind: 'money',
        label: 'Amount',
        placeholder: 'e.g. 12.50',
        hint: 'In the project’s currency; the confirmation shows what is left to refund.',
        check: (amount) => (typeof amount === 'number' && amount <= 0 ? 'must be more than 0' : undefined),
      },
      to: {
        kind: 'select',
        label: 'Refund to',
        placeholder: 'Choose where the money goes…',
        options: [
          { value: 'credit', label: refundDestinationLabels.credit },
          { value: 'card', label: refundDestinationLabels.card },
        ],
      },
      reason: {
        kind: 'select',
        label: 'Reason',
        placeholder: 'Choose a reason…',
        options: optionsFrom(api.refunds.reasons, {}, (answer) => answer),
      },
      description: {
        kind: 'textarea',
        label: 'Description',
        placeholder: 'What happened, for whoever reads this next',
      },
    },
  },
  confirm: 'money',
  consequence: (target, params) =>
    params.to === 'card'
      ? `Money goes back to ${target.name}’s card now; it cannot be undone.`
      : `${target.name} receives credit now, usable on their next charges; it cannot be undone.`,
  preview: {
    // What is left to refund is asked once the project is known, while the rest of the form is typed.
    ahead: ({ values }) => {
      const id = typedId(String(values.project_id ?? ''));
      if (id) readAhead(`refundable:${id}`, refundableOf(Number(id)));
    },
    load: async ({ target, params, signal }) => {
      const left = await readOnce(`refundable:${params.project_id}`, signal, refundableOf(params.project_id));
      return refundPreview(left, params, target.name);
    },
  },
  run: ({ params, idempotencyKey, signal }) => {
    const { project_id, ...body } = params;
    return call(api.refunds.refund, { params: { project_id }, body }, { idempotencyKey, signal });
  },
  approval: {
    request: ({ params, signal }) => call(api.approvals.requestRefund, { body: params }, { signal }),
    what: ({ target, params }) => `${amountOf(target, params)} card refund for ${target.name}`,
  },
  revalidates: [
    api.projects.editing,
    api.refunds.refundable,
    api.users.get,
    api.userDetails.credits,
    api.charges.list,
    api.userDetails.activity,
    api.userDetails.audit,
  ],
  outcome: {
    checking: 'the refund was made',
    done: 'Refunded',
    notDone: 'Not refunded',
    record: (answer) => {
      const refund = (answer as { refund?: { date?: string; ledger_id?: number | null; credit_id?: number | null } })
        .refund;
      return { at: refund?.date, id: refund?.ledger_id ?? refund?.credit_id };
    },
  },
  successMessage: ({ target, params }) => {
    const amount = amountOf(target, params);
    return `Project #${params.project_id}: ${amount} refunded ${params.to === 'card' ? 'to the card' : 'as credit'}`;
  },
});
