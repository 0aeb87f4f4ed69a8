import type { CustomerRow } from '../../domain/users';
import { addStoredCard } from '../../server/seed/cards';
import type { CustomerSeedRow } from '../../server/seed/customers';

/**
 * The stored card token the demo seed gave a customer: the seed's own deterministic rule, applied to the row. The
 * API never sends tokens to the console, so tests that need a card that charges (or declines) ask the seed.
 */
export function seededCard(row: CustomerRow): string | null {
  const seed = {
    id: row.id,
    subscription_type: row.subscription_type,
    last_charge_amount: row.last_charge_amount ? row.last_charge_amount.amount : null,
    charge_failed: row.charge_failed,
    failed_charge_reason: row.failed_charge_reason,
  } as unknown as CustomerSeedRow;
  addStoredCard(seed);
  return (seed as unknown as { payment_method_token: string | null }).payment_method_token;
}
