import type { CustomerSeedRow } from './customers';
import { seedNow } from './customers';
import type { DetailSeedRow } from './details';
import { Random } from './random';

const day = 86_400_000;
/** At most this many ledger rows per customer: their last year of monthly charges. */
const maxRows = 12;

const failureCodes: Record<string, string> = {
  'incorrect card number': 'incorrect_number',
  'insufficient funds': 'insufficient_funds',
  'card expired': 'expired_card',
  'do not honor': 'do_not_honor',
  'card declined': 'card_declined',
};

function chargeRandom(id: number): Random {
  return new Random((Math.imul(id, 3_266_489_917) ^ 0x27d4eb2f) >>> 0);
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function monthName(time: number): string {
  const date = new Date(time);
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** An amount near `base` (±30 %), in whole minor units, at least 1.00. */
function near(random: Random, base: number): number {
  return Math.max(100, Math.round((base * (0.7 + random.next() * 0.6)) / 50) * 50 + random.pick([0, 0, 0, -1]));
}

/**
 * The customer's imported card history for the `charges` ledger: one SUBSCRIPTION charge a month over their lifetime
 * (the last 12 at most), amounts near their last charge, the newest succeeded one exactly `last_charge_amount`. A
 * customer with a failed charge ends with that charge FAILED (their reason, `failed_charge_amount`) and one FAILED
 * retry row per recorded retry. Cancelled customers stop paying some months before now. Deterministic by id.
 */
export function makeChargeHistory(row: CustomerSeedRow): DetailSeedRow[] {
  if (row.last_charge_amount === null || String(row.subscription_type).startsWith('TRIAL')) return [];
  // Customers on a yearly contract pay by installments: the contract seeder writes those charges.
  if (row.subscription_type === 'CORPORATE_CONTRACT') return [];
  const id = Number(row.id);
  const random = chargeRandom(id);
  const added = Date.parse(String(row.date_added));
  const currency = String(row.currency);
  const vendor = String(row.charging_vendor ?? 'Stripe');
  const last = Number(row.last_charge_amount);
  const end = row.subscription_type === 'CANCELLED' ? seedNow - random.int(1, 10) * 30 * day : seedNow;
  const failed = row.charge_failed === true;
  const retries = failed ? Math.min(Number(row.number_of_charge_retries ?? 0), 3) : 0;
  const months: number[] = [];
  for (let at = end - random.int(1, 27) * day; at > added && months.length < maxRows - retries; at -= 30 * day) {
    months.unshift(at);
  }
  // Signed up (or cancelled) within the month: charged once, halfway through their time as a customer.
  if (months.length === 0)
    months.push(Math.min(seedNow - 60_000, (added + Math.max(Math.min(end, seedNow), added)) / 2));
  const rows: DetailSeedRow[] = [];
  const base = { customer_id: id, kind: 'CHARGE', currency, charging_vendor: vendor };
  months.forEach((at, index) => {
    const newest = index === months.length - 1;
    const description = `Subscription: ${monthName(at)}`;
    if (newest && failed) {
      const reason = String(row.failed_charge_reason ?? 'card declined');
      const failure = { failure_code: failureCodes[reason] ?? 'card_declined', failure_message: reason };
      const amount = Number(row.failed_charge_amount ?? last);
      rows.push({
        ...base,
        status: 'FAILED',
        amount,
        purpose: 'SUBSCRIPTION',
        description,
        ...failure,
        created_at: new Date(at).toISOString(),
      });
      for (let retry = 1; retry <= retries; retry++) {
        const retryAt = Math.min(at + retry * random.int(2, 6) * day, seedNow - retry * 3_600_000);
        rows.push({
          ...base,
          status: 'FAILED',
          amount,
          purpose: 'FAILED_CHARGE_RETRY',
          description: `Retry of the ${monthName(at)} subscription charge`,
          ...failure,
          created_at: new Date(retryAt).toISOString(),
        });
      }
      return;
    }
    const lastSucceeded = failed ? index === months.length - 2 : newest;
    rows.push({
      ...base,
      status: 'SUCCEEDED',
      amount: lastSucceeded ? last : near(random, last),
      purpose: 'SUBSCRIPTION',
      description,
      provider_charge_id: `ch_sbx_seed_${id.toString(36)}_${index}`,
      provider_ref: `SBX-${id}-${index + 1}`,
      created_at: new Date(at).toISOString(),
    });
  });
  return rows;
}
