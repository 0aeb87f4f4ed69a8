import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { FileStore } from '../files/store';
import { promotionToken } from '../marketing/promotion-tokens';
import { gradientPng } from '../projects/sample-images';
import { seedAbTests } from './ab-tests';
import { seedBroadcasts } from './broadcasts';
import { insertJsonRows, isoAt, type SqlRunner } from './bulk-insert';
import { seedPromotionRedemptions } from './promotion-redemptions';

/** What the marketing lists' demo rows need beyond the database: where banner images go, how links are signed. */
export interface MarketingSeedOptions {
  /** The file store banner images are written to; without one the banners point at files that are not there. */
  files?: FileStore;
  /** The server's signing secret and public URL: without them no promotion links are made (they could not open). */
  links?: { secret: string; publicUrl: string };
  /** The moment the rows are dated from (default: now, so LIVE, PLANNED and pending stay so when the demo starts). */
  now?: number;
}

const hour = 3_600_000;
const day = 24 * hour;

/** A UUID made from a name (the same every run), shaped as version 4 so it passes the uploads' checks. */
function namedUuid(name: string): string {
  const hex = createHash('sha256').update(`loupe demo ${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const bannerPlans = [
  {
    type: 'APP',
    start: -20,
    end: 40,
    country: null,
    language: null,
    subscription: null,
    flag: null,
    to: '/offers/presets',
    colours: [
      [32, 64, 160],
      [220, 120, 60],
    ],
  },
  {
    type: 'PROFILE_SHOP',
    start: -3,
    end: 25,
    country: 'US',
    language: 'en',
    subscription: 'TRIAL',
    flag: null,
    to: '/shop/wedding-styles',
    colours: [
      [20, 120, 90],
      [240, 220, 140],
    ],
  },
  {
    type: 'APP',
    start: 6,
    end: 36,
    country: 'DE',
    language: 'de',
    subscription: null,
    flag: 'NEW_FEATURES',
    to: '/whats-new/culling',
    colours: [
      [90, 30, 120],
      [250, 180, 200],
    ],
  },
  {
    type: 'APP',
    start: 14,
    end: 60,
    country: null,
    language: null,
    subscription: 'METERED',
    flag: 'PRO_USER',
    to: '/offers/black-friday',
    colours: [
      [10, 10, 10],
      [200, 40, 40],
    ],
  },
] as const;

/** Two LIVE banners (started days ago) and two PLANNED (starting in 6 and 14 days), with their images in the store. */
async function seedBanners(db: SqlRunner, creator: number, now: number, files?: FileStore): Promise<void> {
  const uploads = [];
  const banners = [];
  for (const [index, plan] of bannerPlans.entries()) {
    const ids = [namedUuid(`banner ${index} desktop`), namedUuid(`banner ${index} mobile`)] as const;
    for (const [side, id] of ids.entries()) {
      const [width, height] = side === 0 ? [1200, 300] : [600, 300];
      const key = `banners/${id}.png`;
      const bytes = gradientPng(width, height, [...plan.colours[0]], [...plan.colours[1]]);
      if (files) await files.put(key, bytes);
      const made = isoAt(now + (Math.min(plan.start, 0) - 2) * day);
      uploads.push({
        id,
        purpose: 'BANNER',
        file_name: `${plan.to.split('/').at(-1)}-${side === 0 ? 'desktop' : 'mobile'}.png`,
        created_by: creator,
        created_at: made,
        expires_at: isoAt(Date.parse(made) + hour),
        used_at: made,
        storage_key: key,
        content_type: 'image/png',
        byte_size: bytes.length,
        width,
        height,
      });
    }
    banners.push({
      banner_type: plan.type,
      country: plan.country,
      language: plan.language,
      subscription_type: plan.subscription,
      feature_flag: plan.flag,
      photo_upload_id: ids[0],
      mobile_photo_upload_id: ids[1],
      start_date: isoAt(now + plan.start * day),
      end_date: isoAt(now + plan.end * day),
      redirect_url: plan.to,
      sort_order: index + 1,
      created_by: creator,
      created_at: isoAt(now + (Math.min(plan.start, 0) - 2) * day),
    });
  }
  await insertJsonRows(db, 'uploads', Object.keys(uploads[0] ?? {}), uploads);
  await insertJsonRows(db, 'banners', Object.keys(banners[0] ?? {}), banners);
}

/** `uses`: how many customers took the link while it could be used (the customer app redeemed it for them). */
const linkPlans = [
  {
    benefit: '50_PERCENT',
    slug: 'black-friday-email',
    created: -2 * day,
    duration: 7,
    unit: 'DAYS',
    revoked: false,
    uses: 6,
  },
  { benefit: '25_PERCENT', slug: null, created: -3 * hour, duration: 48, unit: 'HOURS', revoked: false, uses: 0 },
  {
    benefit: '25_PERCENT',
    slug: 'summer-trial-push',
    created: -60 * day,
    duration: 14,
    unit: 'DAYS',
    revoked: false,
    uses: 9,
  },
  { benefit: '50_PERCENT', slug: null, created: -30 * day, duration: 72, unit: 'HOURS', revoked: false, uses: 0 },
  {
    benefit: '50_PERCENT',
    slug: 'wrong-audience',
    created: -5 * day,
    duration: 30,
    unit: 'DAYS',
    revoked: true,
    uses: 2,
  },
] as const;

/**
 * Promotion links in each state: two open, two expired, one withdrawn (signed as the server signs them); three used by
 * several customers each, two not used.
 */
async function seedPromotionLinks(
  db: SqlRunner,
  creator: number,
  now: number,
  links: { secret: string; publicUrl: string },
): Promise<void> {
  const rows = linkPlans.map((plan, index) => {
    const id = index + 1;
    const created = Math.floor((now + plan.created) / 1000) * 1000;
    const expires = created + plan.duration * (plan.unit === 'DAYS' ? day : hour);
    const token = promotionToken(links.secret, { id, benefit: plan.benefit, expires: expires / 1000 });
    return {
      id,
      benefit: plan.benefit,
      landing_page: 'CHECKOUT',
      source: 'CUSTOMER_MESSAGING',
      action: 'SUBSCRIBE',
      duration: plan.duration,
      duration_unit: plan.unit,
      slug: plan.slug,
      url: `${links.publicUrl}/p/${token}`,
      expires_at: isoAt(expires),
      created_by: creator,
      created_at: isoAt(created),
      revoked_at: plan.revoked ? isoAt(created + day) : null,
      revoked_by: plan.revoked ? creator : null,
    };
  });
  await insertJsonRows(db, 'promotion_links', Object.keys(rows[0] ?? {}), rows);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('promotion_links', 'id'), ${rows.length})`);
  const uses = rows.map((row, index) => ({
    id: row.id,
    from: Date.parse(row.created_at),
    until: Math.min(Date.parse(row.revoked_at ?? row.expires_at), now),
    uses: linkPlans[index]?.uses ?? 0,
  }));
  await seedPromotionRedemptions(db, uses, now);
}

/**
 * The Operations center's lists in the demo: banners LIVE and PLANNED, broadcasts sent and pending, A/B tests open and
 * finished with results, promotion links open, expired and withdrawn, used and not. Dated from `now` (past where past), made by a
 * demo marketer. Does nothing without a marketer or admin to make them, or when any of these lists has rows already.
 */
export async function seedMarketing(db: SqlRunner, options: MarketingSeedOptions = {}): Promise<void> {
  const [taken] = rowsOf<{ n: number }>(
    await db.execute(sql`select (select count(*) from banners) + (select count(*) from notification_broadcasts)
      + (select count(*) from ab_tests) + (select count(*) from promotion_links) as n`),
  );
  if (Number(taken?.n ?? 0) > 0) return;
  const [creator] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from staff where active and role in ('MARKETER_PLUS', 'ADMIN')
      order by (role = 'MARKETER_PLUS') desc, id limit 1`),
  );
  if (!creator) return;
  const now = options.now ?? Date.now();
  await seedBanners(db, creator.id, now, options.files);
  if (options.links) await seedPromotionLinks(db, creator.id, now, options.links);
  await seedBroadcasts(db, creator.id, now);
  await seedAbTests(db, creator.id, now);
}
