import { sql } from 'drizzle-orm';
import { buildTrackingLink } from '../../domain/partner-fields';
import { activityTypes, appTypes, formsOfPayment, partnerTypes } from '../../domain/partner-vocabulary';
import { permissionTable } from '../../domain/permissions';
import { rowsOf } from '../db/rows';
import { insertJsonRows, type SqlRunner } from './bulk-insert';
import { seedNow } from './customers';
import { Random } from './random';
import { affiliates, firstNames, lastNames, utmCampaigns, utmContents, utmSources } from './vocabulary';

/** How much partner data the demo gets, and the bench can ask for more of. */
export interface PartnerSeedOptions {
  seed?: number;
  /** Partners to create (default 60). */
  partners?: number;
  /** Activities per partner, on average (default 4). */
  activitiesPerPartner?: number;
  /** Marketing activities (default 12). */
  marketingActivities?: number;
  /** Shop bundles (default 24). */
  bundles?: number;
  /** One customer in this many without a referrer is referred by a partner's ref (default 40). */
  referralEvery?: number;
}

const mediumOf: Record<string, string> = {
  google: 'cpc',
  instagram: 'social',
  facebook: 'social',
  youtube: 'video',
  newsletter: 'email',
  tiktok: 'social',
  podcast: 'audio',
  partner: 'affiliate',
};

/**
 * Every UTM set the demo customers can carry (utm_source × utm_campaign × utm_content or none), shuffled: the first
 * ones go to activities, so a share of the customers is attributed to them and the tracking numbers mean something.
 */
function customerUtmSets(random: Random): { source: string; campaign: string; content: string | null }[] {
  const sets = utmSources.flatMap((source) =>
    utmCampaigns.flatMap((campaign) =>
      [null, ...utmContents].map((content) => ({ source, campaign, content: content as string | null })),
    ),
  );
  for (let i = sets.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [sets[i], sets[j]] = [sets[j] as (typeof sets)[number], sets[i] as (typeof sets)[number]];
  }
  return sets;
}

/** A day from `fromYear` up to the seed's today: one past it is the same day a year earlier (the draws stay the same). */
const day = (random: Random, fromYear = 2025) => {
  const drawn = `${random.int(fromYear, 2026)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  const today = new Date(seedNow).toISOString().slice(0, 10);
  return drawn <= today ? drawn : `${Number(drawn.slice(0, 4)) - 1}${drawn.slice(4)}`;
};

/**
 * When a demo partner was last updated: a day up to the seed's today, between 08:00 and 19:00, but never after the
 * seed's now (its today's afternoon would be: then the seed's now itself). The draws stay the same either way.
 */
export function partnerUpdatedAt(random: Random): string {
  const stamp = `${day(random)}T${String(random.int(8, 19)).padStart(2, '0')}:00:00Z`;
  return Date.parse(stamp) <= seedNow ? stamp : new Date(seedNow).toISOString().replace('.000Z', 'Z');
}

/**
 * Demo partners, activities, marketing activities, short links and bundles (deterministic), attributing customers to
 * them through the customers' own fields: activities take the UTM sets the customers carry, and one customer in
 * `referralEvery` without a referrer gets `referred_by = 'partner:<ref>'`. Does nothing when partners exist already.
 */
export async function seedPartners(db: SqlRunner, options: PartnerSeedOptions = {}): Promise<void> {
  const existing = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from partners`));
  if (Number(existing[0]?.n ?? 0) > 0) return;
  const random = new Random((options.seed ?? 42) + 1011);
  const partnerCount = options.partners ?? 60;
  const owners = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from staff where active and role in (${sql.join(
        permissionTable.partner_managment.map((role) => sql`${role}`),
        sql`, `,
      )}) order by id`,
    ),
  ).map((row) => row.id);
  const customerIds = rowsOf<{ id: number }>(await db.execute(sql`select id from customers order by id limit 200`));

  const partnerRows = [];
  for (let id = 1; id <= partnerCount; id++) {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const studio = id <= affiliates.length ? affiliates[id - 1] : null;
    const name = studio ?? `${first} ${last}`;
    const ref = `${(studio ?? `${first}${last}`).toLowerCase().replace(/[^a-z0-9]/g, '')}${id}`;
    partnerRows.push({
      id,
      name,
      type: studio ? 'AFFILIATE' : random.pick(partnerTypes),
      email: `${ref}@partners.example`,
      ref,
      user_id: customerIds.length && random.chance(0.3) ? random.pick(customerIds).id : null,
      trial_photos_new_user: random.pick([0, 50, 100, 200]),
      credit_per_subscriber: random.pick([0, 500, 1000, 1500, 2500]),
      form_of_payment: random.pick(formsOfPayment),
      owner_staff_id: owners.length ? random.pick(owners) : null,
      count_in_reports: random.chance(0.9),
      skip_base_payment: random.chance(0.15),
      updated_at: partnerUpdatedAt(random),
    });
  }
  await insertJsonRows(db, 'partners', Object.keys(partnerRows[0] ?? { id: 0 }), partnerRows);

  const sets = customerUtmSets(random);
  let next = 0;
  const nextSet = (owner: string) => {
    const set = sets[next];
    next += 1;
    // Beyond the customers' own sets: a set of its own, which no demo customer carries (yet).
    return set ?? { source: random.pick(utmSources), campaign: `${owner}_${next}`, content: null };
  };
  const activityRows = [];
  const links: {
    slug: string;
    url: string;
    partner_activity_id?: number;
    marketing_activity_id?: number;
    clicks: number;
  }[] = [];
  const perPartner = options.activitiesPerPartner ?? 4;
  let activityId = 0;
  for (const partner of partnerRows) {
    const count = random.int(0, perPartner * 2);
    for (let n = 0; n < count; n++) {
      activityId += 1;
      const set = nextSet(partner.ref);
      const slug = random.chance(0.6) ? `${partner.ref}-${activityId}` : null;
      const row = {
        id: activityId,
        partner_id: partner.id,
        type: random.pick(activityTypes),
        description: `${random.pick(['Spring', 'Wedding', 'Launch', 'Holiday', 'Workshop'])} ${random.pick(['reel', 'video', 'post', 'talk', 'newsletter'])}`,
        cost: random.int(0, 40) * 2500,
        event_date: day(random),
        base_url: random.pick([
          'https://loupe.example/signup',
          'https://loupe.example/pricing',
          'https://loupe.example/',
        ]),
        utm_source: set.source,
        utm_medium: mediumOf[set.source] ?? 'referral',
        utm_campaign: set.campaign,
        utm_content: set.content,
        slug,
        ignore_subscriber_grant: random.chance(0.1),
        app_type: random.pick(appTypes),
        updated_at: partner.updated_at,
      };
      activityRows.push(row);
      if (slug) {
        const url = buildTrackingLink(row.base_url, row);
        links.push({ slug, url, partner_activity_id: activityId, clicks: random.int(0, 900) });
      }
    }
  }
  await insertJsonRows(db, 'partner_activities', Object.keys(activityRows[0] ?? { id: 0 }), activityRows);

  const marketingRows = [];
  for (let id = 1; id <= (options.marketingActivities ?? 12); id++) {
    const set = nextSet('mkt');
    const slug = `promo-${id}`;
    const row = {
      id,
      activity_name: `${random.pick(['Spring', 'Black Friday', 'Wedding season', 'Culling launch'])} campaign ${id}`,
      cost: random.int(4, 80) * 25000,
      start_date: day(random),
      num_of_activity_days: random.int(3, 45),
      description: 'Paid social and newsletter push',
      owner_staff_id: owners.length ? random.pick(owners) : null,
      base_url: 'https://loupe.example/pricing',
      utm_source: set.source,
      utm_medium: mediumOf[set.source] ?? 'referral',
      utm_campaign: set.campaign,
      utm_content: set.content,
      slug,
      ref_id: random.chance(0.3),
      app_type: random.pick(appTypes),
    };
    marketingRows.push(row);
    links.push({
      slug,
      url: buildTrackingLink(row.base_url, row),
      marketing_activity_id: id,
      clicks: random.int(0, 5000),
    });
  }
  await insertJsonRows(db, 'marketing_activities', Object.keys(marketingRows[0] ?? { id: 0 }), marketingRows);
  const linkRows = links.map((link) => ({
    slug: link.slug,
    url: link.url,
    partner_activity_id: link.partner_activity_id ?? null,
    marketing_activity_id: link.marketing_activity_id ?? null,
    clicks: link.clicks,
  }));
  await insertJsonRows(
    db,
    'short_links',
    ['slug', 'url', 'partner_activity_id', 'marketing_activity_id', 'clicks'],
    linkRows,
  );

  const bundleRows = [];
  for (let id = 1; id <= (options.bundles ?? 24); id++) {
    const state = random.weighted([
      ['draft', 4],
      ['shop', 5],
      ['deleted', 1],
    ] as const);
    const photos = Array.from({ length: random.int(4, 12) }, (_, n) => `photo-${id}-${n + 1}.jpg`);
    bundleRows.push({
      id,
      bundle_name: `${random.pick(['Golden hour', 'Moody film', 'Bright wedding', 'Urban night', 'Soft pastel'])} pack ${id}`,
      seller_name: partnerRows[(id * 7) % Math.max(1, partnerRows.length)]?.name ?? 'Loupe',
      table_id: 1000 + id,
      price: random.pick([1900, 2900, 4900, 7900]),
      slug: `bundle-${id}`,
      photos,
      is_in_shop: state === 'shop',
      is_deleted: state === 'deleted',
    });
  }
  await insertJsonRows(db, 'bundles', Object.keys(bundleRows[0] ?? { id: 0 }), bundleRows);
  // The named campaigns: those the demo customers' links carry.
  await insertJsonRows(
    db,
    'activity_campaigns',
    ['name'],
    utmCampaigns.map((name) => ({ name })),
  );
  for (const table of ['partners', 'partner_activities', 'marketing_activities', 'bundles']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`),
    );
  }

  // Direct referrals: one customer in `referralEvery` without a referrer was referred by a partner's ref.
  if (partnerRows.length > 0) {
    const every = options.referralEvery ?? 40;
    await db.execute(sql`
      update customers c set referred_by = 'partner:' || p.ref
      from partners p
      where c.referred_by is null and c.id % ${every} = 3 and p.id = 1 + (c.id / ${every}) % ${partnerRows.length}`);
  }
  await db.execute(sql`analyze partners, partner_activities, marketing_activities, short_links, bundles, customers`);
}
