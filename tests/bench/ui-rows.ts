import type { CustomerRow } from '../../domain/users';

const firstNames = ['Jane', 'Ava', 'Noah', 'Liam', 'Mia', 'Sven', 'Léa', 'Yael', 'Finn', 'Zoë', 'Pieter', 'Camila'];
const lastNames = ['Doe', 'Cook', 'Harris', 'Schmidt', 'Dubois', 'Mizrahi', 'Perez', 'Nakamura', 'Silva', 'Byrne'];
const subscriptions = ['METERED', 'METERED_WITH_BASE', 'TRIAL_METERED', 'CORPORATE_CONTRACT', 'CANCELLED'] as const;
const countries = ['US', 'GB', 'DE', 'FR', 'CA', 'AU'];
const day = 86_400_000;

/** `count` made-up customers from position `start` on, newest first: every column the default table shows. */
export function syntheticCustomers(start: number, count: number): Partial<CustomerRow>[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = start + offset;
    const first = firstNames[index % firstNames.length] as string;
    const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length] as string;
    const suspended = index % 31 === 0;
    return {
      id: 1_000_000 - index,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${index}@studio${index % 97}.com`,
      first_name: first,
      last_name: last,
      status: suspended ? 'SUSPENDED' : 'ACTIVE',
      subscription_type: subscriptions[index % subscriptions.length],
      date_added: new Date(Date.UTC(2026, 10, 1) - index * (day / 24)).toISOString(),
      last_charge_amount: index % 4 === 0 ? null : { amount: 1000 + (index % 9000), multiplier: 100, symbol: '$' },
      country: countries[index % countries.length] ?? null,
      photos_for_trial: `${index % 1000}/1000`,
      charge_failed: index % 17 === 0,
      quick_actions: suspended
        ? [{ name: 'UNSUSPEND_USER', is_disabled: false, disable_message: null }]
        : [
            { name: 'ADD_TRIAL_PHOTOS', is_disabled: false, disable_message: null },
            { name: 'SUSPEND_USER', is_disabled: false, disable_message: null },
          ],
    };
  });
}
