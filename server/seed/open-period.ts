import type { CustomerSeedRow } from './customers';
import { seedNow } from './customers';
import { Random } from './random';

const day = 86_400_000;
const periodDays = 30;
/** Monthly price of each backup plan, in minor units of the customer's currency. */
const backupPlanPrices: Readonly<Record<string, number>> = {
  'Backup 200 GB': 499,
  'Backup 1 TB': 999,
  'Backup 5 TB': 2999,
};

/** A per-customer PRNG of its own, so the open period never shifts the customers' random sequence. */
function periodRandom(id: number): Random {
  return new Random((Math.imul(id, 3_266_489_917) ^ 0x27d4eb2f) >>> 0);
}

/**
 * The open billing period of a customer, deterministic by id: metered customers who are charged monthly (active,
 * with a next charge date) have used the service since their last charge, and a running backup plan accrues by
 * the day. Everyone else has nothing unbilled. Call after the detail columns (they bring the backup plan).
 */
export function addOpenPeriod(row: CustomerSeedRow): void {
  row.unbilled_usage = 0;
  row.unbilled_backup = 0;
  if (!row.charge_date) return;
  const random = periodRandom(Number(row.id));
  const daysToCharge = Math.ceil((Date.parse(String(row.charge_date)) - seedNow) / day);
  const elapsed = Math.min(1, Math.max(0, (periodDays - daysToCharge) / periodDays));
  const metered = String(row.subscription_type).startsWith('METERED');
  if (metered && random.chance(0.85)) {
    row.unbilled_usage = Math.round(elapsed * random.int(500, 12_000));
  }
  const plan = row.backup_plan ? backupPlanPrices[String(row.backup_plan)] : undefined;
  if (plan && !row.backup_cancelled_at) row.unbilled_backup = Math.round(plan * elapsed);
}
