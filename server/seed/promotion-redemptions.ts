import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { insertJsonRows, isoAt, type SqlRunner } from './bulk-insert';

/** A demo link and how many customers took it while it could be used. */
export interface LinkUses {
  id: number;
  /** When it was made and when it stopped being usable (expired, revoked, or now), in ms. */
  from: number;
  until: number;
  uses: number;
}

/**
 * Demo redemptions: each used link taken by `uses` different customers (ones added before the link was made), spread
 * over the time it was usable, the last an hour before it stopped (or before now), never at or after `now`.
 */
export async function seedPromotionRedemptions(db: SqlRunner, links: readonly LinkUses[], now: number): Promise<void> {
  const rows = [];
  for (const link of links) {
    if (link.uses === 0) continue;
    const takers = rowsOf<{ id: number }>(
      await db.execute(sql`select id from customers where id % 7 = ${link.id % 7} and date_added < ${isoAt(link.from)}
        order by id limit ${link.uses}`),
    );
    const last = Math.min(link.until, now) - 3_600_000;
    const step = (last - link.from) / takers.length;
    for (const [index, taker] of takers.entries()) {
      rows.push({ link_id: link.id, customer_id: taker.id, redeemed_at: isoAt(link.from + step * (index + 1)) });
    }
  }
  if (rows.length > 0) await insertJsonRows(db, 'promotion_redemptions', Object.keys(rows[0] ?? {}), rows);
}
