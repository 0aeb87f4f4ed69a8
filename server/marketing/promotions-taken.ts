import { desc, eq } from 'drizzle-orm';
import { labelOf } from '../../domain/labels';
import { promotionBenefitLabels } from '../../domain/marketing';
import type { Database } from '../db/client';
import { promotionLinks, promotionRedemptions } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';

/** How many taken links the Promotions tile names at most (newest first). */
const shownAtMost = 10;

/**
 * The promotion links a customer took, newest first, as the Promotions tile reads them:
 * "50 % off, link black-friday-email, used 2026-11-27" (a link without a slug by its number).
 */
export async function promotionsTakenBy(db: Database, customerId: number): Promise<string[]> {
  const rows = await db
    .select({
      id: promotionLinks.id,
      benefit: promotionLinks.benefit,
      slug: promotionLinks.slug,
      at: promotionRedemptions.redeemedAt,
    })
    .from(promotionRedemptions)
    .innerJoin(promotionLinks, eq(promotionLinks.id, promotionRedemptions.linkId))
    .where(eq(promotionRedemptions.customerId, customerId))
    .orderBy(desc(promotionRedemptions.redeemedAt), desc(promotionRedemptions.id))
    .limit(shownAtMost);
  return rows.map(
    (row) =>
      `${labelOf(promotionBenefitLabels, row.benefit)}, link ${row.slug ?? `#${row.id}`}, used ${isoTimestamp(row.at).slice(0, 10)}`,
  );
}
