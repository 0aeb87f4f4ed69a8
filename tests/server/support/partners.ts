import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bundles, marketingActivities, partnerActivities, partners, shortLinks } from '../../../server/db/schema';

let counter = 0;

/** Inserts a partner with a unique e-mail and ref; anything can be overridden. */
export async function insertPartner(db: Database, overrides: Partial<typeof partners.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(partners)
    .values({
      name: `Partner ${counter}`,
      type: 'AFFILIATE',
      email: `partner${counter}.${Date.now().toString(36)}@partners.example`,
      ref: `ref${counter}${Date.now().toString(36)}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('partner not inserted');
  return row;
}

/** Inserts an activity for a partner, with a unique UTM set (campaign `test<n>`) unless given. */
export async function insertActivity(
  db: Database,
  partnerId: number,
  overrides: Partial<typeof partnerActivities.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(partnerActivities)
    .values({
      partnerId,
      type: 'VIDEO',
      baseUrl: 'https://loupe.example/signup',
      utmSource: 'youtube',
      utmMedium: 'video',
      utmCampaign: `test${counter}${Date.now().toString(36)}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('activity not inserted');
  if (row.slug) {
    await db.insert(shortLinks).values({ slug: row.slug, url: row.baseUrl, partnerActivityId: row.id });
  }
  return row;
}

/** Inserts a marketing activity with a unique UTM set unless given. */
export async function insertMarketingActivity(
  db: Database,
  overrides: Partial<typeof marketingActivities.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await db
    .insert(marketingActivities)
    .values({
      activityName: `Campaign ${counter}`,
      startDate: '2026-09-01',
      baseUrl: 'https://loupe.example/pricing',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: `mkt${counter}${Date.now().toString(36)}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('marketing activity not inserted');
  return row;
}

/** Inserts a bundle (not in the shop unless said) with three photos. */
export async function insertBundle(db: Database, overrides: Partial<typeof bundles.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(bundles)
    .values({
      bundleName: `Bundle ${counter}`,
      sellerName: 'Seller',
      tableId: counter,
      price: 2900,
      slug: `bundle-${counter}-${Date.now().toString(36)}`,
      photos: ['a.jpg', 'b.jpg', 'c.jpg'],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('bundle not inserted');
  return row;
}

/** The row version (`updated_at`, ISO 8601 UTC with microseconds) an edit must name. */
export async function versionOf(
  db: Database,
  table: 'partners' | 'partner_activities' | 'marketing_activities',
  id: number,
): Promise<string> {
  const result = await db.execute<{ v: string }>(
    sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as v from ${sql.raw(table)} where id = ${id}`,
  );
  return result.rows[0]?.v ?? '';
}
