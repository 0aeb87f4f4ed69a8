import { api } from '../../domain/api';
import {
  type CustomCreditPackagePurchase,
  customCreditPackageForm,
  customCreditPackageRequest,
  maxPackageDiscountPercent,
  packageText,
} from '../../domain/credit-packages';
import { type Currency, currencySymbols, formatMoney, money } from '../../domain/money';
import { call } from '../../src/http';
import { defineCommand, type Preview } from '../define';
import type { UserTarget } from '../target';

function currencyOf(target: UserTarget | undefined): Currency {
  return target?.row?.currency ?? 'USD';
}

/** A money amount in credits (one credit = one unit of the currency), e.g. "$512.50". */
function balanceText(credits: number, currency: Currency): string {
  return formatMoney(money(Math.round(credits * 100), currency));
}

/** The card was declined: the purchase answered 200 with FAILED; shown as the run's error, naming the provider's reason. */
export class PaymentDeclinedError extends Error {
  readonly code = 'payment_declined';
  constructor(answer: CustomCreditPackagePurchase) {
    super(
      `The card was declined: ${answer.stripe_error_message ?? 'no reason given'}. No credits were added; ` +
        'ask the customer to update their card (send them a payment link), then try again.',
    );
    this.name = 'PaymentDeclinedError';
  }
}

/** Where a purchase, declined or not, shows: the charges list, the timeline, the audit tab, the latest sales. */
const declineShowsIn = [
  api.charges.list,
  api.userDetails.activity,
  api.userDetails.audit,
  api.creditPackages.recentPurchases,
];

export default defineCommand({
  id: 'credit-packages.buy-custom',
  title: 'Buy custom credit package',
  group: 'Customer',
  permission: 'charge_and_unsuspend',
  target: 'user',
  keywords: ['credits', 'package', 'bundle', 'purchase', 'sell', 'charge', 'money'],
  params: {
    schema: customCreditPackageForm,
    fields: {
      amount_of_credits: {
        kind: 'number',
        label: 'Amount of credits',
        placeholder: 'e.g. 500',
        hint: ({ target }) => `One credit is worth ${formatMoney(money(100, currencyOf(target)))} of usage.`,
      },
      price: {
        kind: 'money',
        label: 'Price',
        placeholder: 'e.g. 450',
        currencySymbol: ({ target }) => currencySymbols[currencyOf(target)],
        hint: ({ target }) =>
          `In ${currencyOf(target)}, charged now to the card on file: at most the credits’ list price, ` +
          `at most ${maxPackageDiscountPercent} % off.`,
      },
    },
  },
  confirm: 'money',
  consequence: (target, params) =>
    `${target.name}’s card is charged ${formatMoney(money(Math.round(params.price * 100), currencyOf(target)))} now; ` +
    `the credits are added only if the charge succeeds.`,
  preview: {
    async load({ target, params, signal }): Promise<Preview> {
      const body = customCreditPackageRequest(target.id, params, currencyOf(target));
      const summary = await call(api.creditPackages.summary, { body }, { signal, silent: true });
      const currency = summary.currency as Currency;
      const price = formatMoney(summary.amount_to_pay);
      const card = summary.payment_method ? `the card on file` : 'a card';
      return {
        headline: `Charges ${price} to ${card} now for ${packageText(summary.amount_of_credits, summary.extra_credits_earned)}.`,
        lines: [
          { label: 'Credits', value: summary.amount_of_credits.toLocaleString('en-US') },
          { label: 'Extra credits earned', value: summary.extra_credits_earned.toLocaleString('en-US') },
          { label: 'List price', value: formatMoney(summary.list_price) },
          { label: 'Discount', value: `${summary.discount_percent} %` },
          { label: 'Card', value: summary.payment_method ?? 'None on file' },
          {
            label: 'Credit balance after',
            value: balanceText(summary.total_credits_of_the_user + summary.amount_of_credits, currency),
          },
          { label: 'Charged now', value: price, emphasis: true },
        ],
        ...(summary.payment_method
          ? {}
          : { blocked: `${target.name} has no card on file: send them a payment link to add one first.` }),
      };
    },
  },
  async run({ target, params, idempotencyKey, signal }) {
    const body = customCreditPackageRequest(target.id, params, currencyOf(target));
    const answer = await call(api.creditPackages.purchaseCustom, { body }, { idempotencyKey, signal });
    // The declined attempt is recorded (charges, timeline, audit); the runner refreshes those on payment_declined.
    if (answer.payment_status === 'FAILED') throw new PaymentDeclinedError(answer);
    return answer;
  },
  revalidates: [...declineShowsIn, api.users.get, api.userDetails.credits],
  successMessage: ({ target, params }) =>
    `${target.name} bought ${packageText(params.amount_of_credits)} for ${formatMoney(money(Math.round(params.price * 100), currencyOf(target)))}`,
});
