import { api } from '../../domain/api';
import type { ChargesAnswer } from '../../domain/charges';
import { formatMoney } from '../../domain/money';
import { call } from '../../src/http';
import type { Preview, PreviewLine } from '../define';
import { customerRowViews } from '../users/customer-views';

/** The card on file as the server names it ("Visa •••• 4242"), or "no card on file". */
export function cardText(method: ChargesAnswer['meta']['payment_method']): string {
  return method ? method.card : 'no card on file';
}

/** What a retry would charge, from the charges list's meta: the failed amount, its reason, the retries so far. */
export function retryPreview(answer: ChargesAnswer, unsuspend: boolean): Preview {
  const { failed_charge: failed, payment_method: method, status } = answer.meta;
  if (!failed) {
    return {
      headline: 'Nothing to retry: this customer has no failed charge.',
      lines: [],
      blocked: 'There is no failed charge to retry.',
    };
  }
  const amount = formatMoney(failed.amount);
  const lines: PreviewLine[] = [
    { label: 'Failed amount', value: `${amount} (${failed.currency})`, emphasis: true },
    { label: 'Reason it failed', value: failed.reason ?? 'not recorded' },
    { label: 'Retries so far', value: String(failed.retries) },
    { label: 'Card on file', value: cardText(method) },
  ];
  if (unsuspend) {
    lines.push({ label: 'Then', value: 'Lifts the suspension, only if the card is charged' });
  }
  const blocked = !method
    ? 'No card on file: send the customer a payment link to add one.'
    : unsuspend && status !== 'SUSPENDED'
      ? 'This customer is not suspended: use “Retry failed charge”.'
      : undefined;
  return {
    headline: `Charges ${amount} to the card on file (${cardText(method)}) now.`,
    lines,
    ...(blocked ? { blocked } : {}),
  };
}

/** Loads the preview (the charges list, without an error toast of its own: the confirmation shows the failure). */
export async function loadRetryPreview(userId: number, unsuspend: boolean, signal: AbortSignal): Promise<Preview> {
  const answer = await call(api.charges.list, { params: { user_id: userId } }, { signal, silent: true });
  return retryPreview(answer, unsuspend);
}

/** Where a retry shows: the customer's row everywhere, the details form and payments, the charges list. */
export const retryViews = [
  ...customerRowViews,
  api.charges.list,
  api.userDetails.details,
  api.userDetails.payments,
] as const;
