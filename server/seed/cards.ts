import type { CustomerSeedRow } from './customers';
import { Random } from './random';

/** The sandbox token that declines a charge the way a seeded failure reason says; reasons without one have none. */
const tokenForFailure: Record<string, string> = {
  'incorrect card number': 'pm_card_incorrect_number',
  'insufficient funds': 'pm_card_insufficient_funds',
  'card expired': 'pm_card_expired',
};

/** A per-customer PRNG of its own, so the stored card never shifts the customers' random sequence. */
function cardRandom(id: number): Random {
  return new Random((Math.imul(id, 2_246_822_519) ^ 0x5bd1e995) >>> 0);
}

/**
 * The customer's stored card at the provider (sandbox tokens), deterministic by id:
 * - paying and cancelled customers have one, `pm_card_ok`;
 * - of those with a failed charge, about half have updated their card since (`pm_card_ok`: a retry succeeds), the
 *   rest still have the card that failed (the token that declines with their reason; `pm_card_ok` when the reason
 *   has no sandbox token, e.g. "do not honor", so the demo still shows those succeeding on retry);
 * - trial customers mostly have no card yet (one in five added one).
 */
export function addStoredCard(row: CustomerSeedRow): void {
  const id = Number(row.id);
  const random = cardRandom(id);
  const trial = String(row.subscription_type).startsWith('TRIAL');
  const hasCard = trial ? random.chance(0.2) : row.last_charge_amount !== null;
  if (!hasCard) {
    row.provider_customer_ref = null;
    row.payment_method_token = null;
    return;
  }
  const stillFailing = row.charge_failed === true && random.chance(0.5);
  const failingToken = stillFailing ? tokenForFailure[String(row.failed_charge_reason)] : undefined;
  row.provider_customer_ref = `cus_sbx_${id}`;
  row.payment_method_token = failingToken ?? 'pm_card_ok';
}
