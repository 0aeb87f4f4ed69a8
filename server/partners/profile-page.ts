import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { api } from '../../domain/api';
import { partnerTypeLabels, slugPattern } from '../../domain/partner-vocabulary';
import type { Database } from '../db/client';
import { partners, profiles } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { lockPartner, profilePageUrl } from './partner-rows';
import { escapeHtml, plainPage } from './plain-page';

/** A slug from a name: lower-case ASCII words joined by hyphens (at least 3 characters). */
export function slugFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/g, '');
  return words.length >= 3 ? words : `partner-${words || 'page'}`;
}

/**
 * `POST partners/create_profile_page`: publishes (or re-publishes under a new slug) the partner's page at
 * `/partner/{slug}`. Without a slug one is made from the name, numbered when taken; a slug sent that another partner's
 * page uses is a 409 on the field.
 */
export const createProfilePage = handle(api.partners.createProfilePage, async ({ db, body, request }) => {
  const record = await lockPartner(db, body.partner_id);
  const taken = async (slug: string) => {
    const [other] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.profileSlug, slug), ne(partners.id, record.id)));
    return other !== undefined;
  };
  let slug = body.slug ?? null;
  if (slug) {
    if (await taken(slug)) throw fail('slug_taken', { detail: 'slug: another partner’s page uses this address' });
  } else {
    const base = slugFromName(record.name);
    slug = base;
    for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  }
  await db
    .update(partners)
    .set({
      profileSlug: slug,
      profileHeadline: body.headline?.trim() || record.profileHeadline,
      profileCreatedAt: record.profileCreatedAt ?? new Date().toISOString(),
    })
    .where(eq(partners.id, record.id));
  return { partner_id: record.id, slug, url: profilePageUrl(request, slug) ?? '' };
});

/** `GET /partner/{slug}`: the partner's public page — name, kind, headline and their talent profiles. */
export function registerProfilePages(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { slug: string } }>('/partner/:slug', async (request, reply) => {
    const slug = request.params.slug;
    const [partner] = slugPattern.test(slug)
      ? await db.select().from(partners).where(eq(partners.profileSlug, slug))
      : [];
    reply.header('Cache-Control', 'no-cache');
    if (!partner) return plainPage(reply.code(404), 'Page not found', 'No partner page has this address.');
    const talent = partner.userId
      ? await db
          .select({ name: profiles.name })
          .from(profiles)
          .where(and(eq(profiles.customerId, partner.userId), ne(profiles.state, 'DELETED')))
          .orderBy(asc(profiles.name))
          .limit(50)
      : [];
    const list = talent.length
      ? `<h2>Editing profiles</h2><ul>${talent.map((profile) => `<li>${escapeHtml(profile.name)}</li>`).join('')}</ul>`
      : '';
    const headline = partner.profileHeadline ? `<p>${escapeHtml(partner.profileHeadline)}</p>` : '';
    return plainPage(
      reply,
      partner.name,
      `<p class="muted">${escapeHtml(partnerTypeLabels[partner.type])} partner · referral code ${escapeHtml(partner.ref)}</p>${headline}${list}`,
    );
  });
}
