import { desc, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { labelOf, timesUsed } from '../../domain/labels';
import {
  durationUnitLabels,
  landingPageLabels,
  landingPages,
  maxPromotionHours,
  type PromotionLinkRow,
  promotionActionLabels,
  promotionActions,
  promotionBenefitLabels,
  promotionBenefits,
  promotionLinkStateLabels,
  promotionLinkStates,
  promotionSourceLabels,
  promotionSources,
} from '../../domain/marketing';
import type { Header } from '../../domain/tables';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { promotionLinks, promotionRedemptions, staff } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { writeAudit } from '../http/audit';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { tableHeader } from '../tables/header';
import { promotionToken } from './promotion-tokens';

/** Where links others open point: the configured public URL (PUBLIC_URL), never the request's Host or Origin. */
export function publicOrigin(config: AppConfig): string {
  return config.publicUrl;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const linkFormData = handle(api.marketing.linkFormData, async () => ({
  benefit: options(promotionBenefits, promotionBenefitLabels),
  landing_page: options(landingPages, landingPageLabels),
  source: options(promotionSources, promotionSourceLabels),
  action: options(promotionActions, promotionActionLabels),
  duration_unit: options(['HOURS', 'DAYS'] as const, durationUnitLabels),
  max_duration_hours: maxPromotionHours,
}));

export const promotionLinkHeaders: readonly Header[] = [
  // The id Revoke promotion link takes.
  tableHeader('id', 'ID', 'NUMBER', null),
  tableHeader('created_at', 'Created', 'DATETIME', null),
  tableHeader('created_by', 'By', 'TEXT', null),
  tableHeader('benefit', 'Benefit', 'TAG', null, {
    options: [...promotionBenefits],
    option_labels: promotionBenefitLabels,
  }),
  tableHeader('slug', 'Slug', 'TEXT', null),
  tableHeader('expires_at', 'Expires', 'DATETIME', null),
  tableHeader('state', 'State', 'STATUS', null, {
    options: [...promotionLinkStates],
    option_labels: promotionLinkStateLabels,
  }),
  tableHeader('used', 'Used', 'TEXT', null),
  tableHeader('last_used_at', 'Last used', 'DATETIME', null),
  tableHeader('url', 'Link', 'TEXT', null),
  tableHeader('quick_actions', '', 'ROW_MENU', null),
];

type LinkRecord = typeof promotionLinks.$inferSelect & {
  creator: string;
  usedCount: number;
  lastUsedAt: string | null;
};

function linkRow(link: LinkRecord, nowMs: number): PromotionLinkRow {
  const state = link.revokedAt ? 'REVOKED' : Date.parse(link.expiresAt) <= nowMs ? 'EXPIRED' : 'ACTIVE';
  return {
    id: link.id,
    url: link.url,
    benefit: link.benefit as PromotionLinkRow['benefit'],
    landing_page: link.landingPage as PromotionLinkRow['landing_page'],
    source: link.source as PromotionLinkRow['source'],
    action: link.action as PromotionLinkRow['action'],
    duration: link.duration,
    duration_unit: link.durationUnit as PromotionLinkRow['duration_unit'],
    slug: link.slug,
    state,
    created_by: link.creator,
    created_at: isoTimestamp(link.createdAt),
    expires_at: isoTimestamp(link.expiresAt),
    revoked_at: isoTimestampOrNull(link.revokedAt),
    used_count: link.usedCount,
    used: timesUsed(link.usedCount),
    last_used_at: isoTimestampOrNull(link.lastUsedAt),
    quick_actions: [
      {
        name: 'REVOKE_LINK',
        is_disabled: state !== 'ACTIVE',
        disable_message: state === 'ACTIVE' ? null : `The link is ${labelOf(promotionLinkStateLabels, state)}`,
      },
    ],
  };
}

const creatorName = sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`;
// Per link, read from the (link_id, redeemed_at) index alone.
const usedCount = sql<number>`(select count(*)::int from ${promotionRedemptions}
  where ${promotionRedemptions.linkId} = ${promotionLinks.id})`;
const lastUsedAt = sql<string | null>`(select max(${promotionRedemptions.redeemedAt})::text from ${promotionRedemptions}
  where ${promotionRedemptions.linkId} = ${promotionLinks.id})`;

async function readLinks(db: Database, id?: number): Promise<LinkRecord[]> {
  const rows = await db
    .select({ link: promotionLinks, creator: creatorName, usedCount, lastUsedAt })
    .from(promotionLinks)
    .innerJoin(staff, eq(staff.id, promotionLinks.createdBy))
    .where(id === undefined ? undefined : eq(promotionLinks.id, id))
    .orderBy(desc(promotionLinks.createdAt), desc(promotionLinks.id))
    .limit(500);
  return rows.map((row) => ({
    ...row.link,
    creator: row.creator,
    usedCount: Number(row.usedCount),
    lastUsedAt: row.lastUsedAt,
  }));
}

/**
 * Generates a link: a row records who made what until when, and the URL carries a token signed over its id, benefit
 * and expiry. A GET by the spec's contract, yet it creates a record, so it writes its own audit row.
 */
export const generateLink = handle(api.marketing.generateLink, async ({ db, query, config, request, staff: me }) => {
  const hours = query.duration * (query.duration_unit === 'DAYS' ? 24 : 1);
  const expiresMs = Math.floor(Date.now() / 1000) * 1000 + hours * 3_600_000;
  const [created] = await db
    .insert(promotionLinks)
    .values({
      benefit: query.benefit,
      landingPage: query.landing_page,
      source: query.source,
      action: query.action,
      duration: query.duration,
      durationUnit: query.duration_unit,
      slug: query.slug ?? null,
      url: '',
      expiresAt: new Date(expiresMs).toISOString(),
      createdBy: me.id,
    })
    .onConflictDoNothing({ target: promotionLinks.slug })
    .returning({ id: promotionLinks.id });
  if (!created) throw fail('promotion_slug_taken', { field: 'slug' });
  const token = promotionToken(config.jwtSecret, { id: created.id, benefit: query.benefit, expires: expiresMs / 1000 });
  const url = `${publicOrigin(config)}/p/${token}`;
  await db.update(promotionLinks).set({ url }).where(eq(promotionLinks.id, created.id));
  await writeAudit(db, { endpoint: api.marketing.generateLink, request, staff: me, outcome: 'ok', status: 200 });
  const [link] = await readLinks(db, created.id);
  if (!link) throw fail('promotion_link_not_found');
  return { link: url, promotion: linkRow(link, Date.now()) };
});

export const listLinks = handle(
  api.marketing.links,
  async ({ db }) => {
    const now = Date.now();
    return { headers: [...promotionLinkHeaders], links: (await readLinks(db)).map((link) => linkRow(link, now)) };
  },
  { transaction: false },
);

export const revokeLink = handle(api.marketing.revokeLink, async ({ db, params, staff: me }) => {
  const [existing] = await db.select().from(promotionLinks).where(eq(promotionLinks.id, params.link_id)).for('update');
  if (!existing) throw fail('promotion_link_not_found');
  if (existing.revokedAt) throw fail('promotion_link_revoked');
  await db
    .update(promotionLinks)
    .set({ revokedAt: sql`now()`, revokedBy: me.id })
    .where(eq(promotionLinks.id, params.link_id));
  const [link] = await readLinks(db, params.link_id);
  if (!link) throw fail('promotion_link_not_found');
  return { promotion: linkRow(link, Date.now()) };
});
