import { api } from '../../domain/api';
import {
  checkCreditCap,
  creditCapMessage,
  creditCapWindowHours,
  giveCreditCappedDailyMax,
} from '../../domain/credit-cap';
import { currencySymbols, formatMoney, money } from '../../domain/money';
import { can } from '../../domain/permissions';
import type { Role } from '../../domain/roles';
import { giveCreditBody, giveCreditCappedMax } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand, optionsFrom } from '../define';
import type { UserTarget } from '../target';

/** The role may give credit only up to the cap (give_credit_capped without give_credit). */
export function creditIsCapped(role: Role | null | undefined): boolean {
  return can(role, 'give_credit_capped') && !can(role, 'give_credit');
}

function amountText(target: UserTarget, amount: number): string {
  const currency = target.row?.currency;
  return currency ? formatMoney(money(Math.round(amount * 100), currency)) : String(amount);
}

export default defineCommand({
  id: 'user.give-credit',
  title: 'Give credit',
  group: 'Customer',
  permission: ['give_credit', 'give_credit_capped'],
  target: 'user',
  shortcut: 'Shift+C',
  keywords: ['credit', 'refund', 'compensate', 'money', 'goodwill'],
  params: {
    schema: giveCreditBody,
    fields: {
      amount: {
        kind: 'money',
        label: 'Amount',
        placeholder: 'e.g. 10',
        currencySymbol: ({ target }) => (target?.row ? currencySymbols[target.row.currency] : undefined),
        hint: ({ role, target }) => {
          const inCurrency = `In ${target?.row?.currency ?? 'the customer’s currency'}.`;
          if (!creditIsCapped(role)) return inCurrency;
          const cap = target ? amountText(target, giveCreditCappedMax) : String(giveCreditCappedMax);
          const daily = target ? amountText(target, giveCreditCappedDailyMax) : String(giveCreditCappedDailyMax);
          return `${inCurrency} Your role may give at most ${cap} per action and ${daily} per customer in ${creditCapWindowHours} hours.`;
        },
        // The per-action cap, checked before confirmation; what is left of the daily cap only the server knows
        // (its 403 comes back under this field, naming it).
        check: (amount, { role, target }) => {
          if (typeof amount !== 'number') return undefined;
          const verdict = checkCreditCap(amount, creditIsCapped(role));
          return verdict.ok
            ? undefined
            : creditCapMessage(verdict, (units) => (target ? amountText(target, units) : String(units)));
        },
      },
      reason: {
        kind: 'select',
        label: 'Reason',
        placeholder: 'Choose a reason…',
        options: optionsFrom(api.userActions.giveCreditReasons, {}, (answer) => answer),
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
    `${target.name} receives ${amountText(target, params.amount)} of credit, usable on their next charges.`,
  run: ({ target, params, idempotencyKey, signal }) =>
    call(api.userActions.giveCredit, { params: { user_id: target.id }, body: params }, { idempotencyKey, signal }),
  approval: {
    request: ({ target, params, signal }) =>
      call(api.approvals.request, { body: { user_id: target.id, ...params } }, { signal }),
    what: ({ target, params }) => `${amountText(target, params.amount)} of credit for ${target.name}`,
  },
  revalidates: [api.users.get, api.userDetails.credits, api.userDetails.activity, api.userDetails.audit],
  outcome: {
    checking: 'the credit was given',
    done: 'Given',
    notDone: 'Not given',
    record: (answer) => {
      const given = answer as { id?: number; date?: string };
      return { at: given.date, id: given.id };
    },
  },
  bulk: 'give_credit',
  successMessage: ({ target, params }) => `${target.name} received ${amountText(target, params.amount)} of credit`,
});
