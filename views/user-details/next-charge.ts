import { formatMoney, type Money } from '../../domain/money';
import { formatDate } from '../users/customer-format';

/**
 * The next charge in words. A planned date already past is never shown as the next one: the charge did not happen
 * on it (it failed, or the plan changed), so the console says it is not scheduled and names the date that passed.
 */
export function nextChargeText(
  next: { date: string | null; amount: Money | null },
  now: Date = new Date(),
): { headline: string; note: string } {
  if (!next.date) return { headline: 'None scheduled', note: 'No plan charges this customer' };
  const amount = next.amount ? formatMoney(next.amount) : 'Amount not known';
  if (new Date(next.date).getTime() < now.getTime()) {
    return { headline: 'Not scheduled', note: `Last planned for ${formatDate(next.date)}` };
  }
  return { headline: amount, note: `on ${formatDate(next.date)}` };
}
