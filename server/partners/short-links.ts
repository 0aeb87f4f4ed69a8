import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '../../domain/api';
import { shortLinkPath } from '../../domain/partner-fields';
import { slugPattern, slugRule } from '../../domain/partner-vocabulary';
import type { Database } from '../db/client';
import { shortLinks } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { plainPage } from './plain-page';

/** Paths our own server uses at its root: never a slug, so a short link can not shadow them. */
const reservedSlugs = new Set(['admin', 'login', 'assets', 'api', 'users', 'partners', 'partner', 'docs', 'static']);

/** Why a slug cannot be used for a new short link, or null when it can (`except`: the owner's own slug is fine). */
export async function slugProblem(db: Database, slug: string, except: string | null = null): Promise<string | null> {
  if (!slugPattern.test(slug)) return `slug: ${slugRule}`;
  if (reservedSlugs.has(slug)) return 'slug: this word is reserved; choose another';
  if (slug === except) return null;
  const [taken] = await db.select({ slug: shortLinks.slug }).from(shortLinks).where(eq(shortLinks.slug, slug));
  return taken ? 'slug: this short link is taken; choose another' : null;
}

/** Refuses a slug that is malformed (400) or taken (409), naming the field. */
export async function assertSlugFree(db: Database, slug: string, except: string | null = null): Promise<void> {
  const problem = await slugProblem(db, slug, except);
  if (!problem) return;
  if (problem.includes('taken')) throw fail('slug_taken', { field: 'slug' });
  throw fail('validation_failed', { detail: problem, field: 'slug' });
}

/** The owner of a short link: one activity of either table. */
export type ShortLinkOwner = { partnerActivityId: number } | { marketingActivityId: number };

/**
 * Makes the owner's short link match its slug and link: a new slug replaces the old one (its clicks start again at
 * zero: a different link is a different thing to count), the same slug keeps its clicks and follows the link.
 */
export async function syncShortLink(
  db: Database,
  owner: ShortLinkOwner,
  previousSlug: string | null,
  slug: string | null,
  url: string,
): Promise<void> {
  if (previousSlug && previousSlug !== slug) await db.delete(shortLinks).where(eq(shortLinks.slug, previousSlug));
  if (!slug) return;
  if (previousSlug === slug) {
    await db.update(shortLinks).set({ url }).where(eq(shortLinks.slug, slug));
    return;
  }
  await db.insert(shortLinks).values({
    slug,
    url,
    partnerActivityId: 'partnerActivityId' in owner ? owner.partnerActivityId : null,
    marketingActivityId: 'marketingActivityId' in owner ? owner.marketingActivityId : null,
  });
}

/** The absolute address of a short link, on the server the request reached. */
export function shortLinkUrl(request: FastifyRequest, slug: string | null): string | null {
  return slug ? `${request.protocol}://${request.host}${shortLinkPath(slug)}` : null;
}

/** `GET url_shortener/is_valid_slug?slug=…` → `{available, reason}`. */
export const isValidSlug = handle(
  api.partnerActivities.isValidSlug,
  async ({ db, query }) => {
    const problem = await slugProblem(db, query.slug.trim());
    return { available: problem === null, reason: problem };
  },
  { transaction: false },
);

/**
 * `GET /l/{slug}`: 302 to the activity's link, counting the click in the same statement (one indexed UPDATE …
 * RETURNING: every click counted, nothing read twice); an unknown or malformed slug gets a plain 404 page. The click's
 * commit does not wait for the WAL flush (`synchronous_commit` off for that statement only): a redirect never waits on
 * the disk; a database crash could lose the last fraction of a second of clicks, never a committed activity.
 */
export function registerShortLinks(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { slug: string } }>('/l/:slug', async (request, reply) => {
    const slug = request.params.slug;
    const found = slugPattern.test(slug)
      ? await db.execute<{ url: string }>(
          sql`with async as (select set_config('synchronous_commit', 'off', true))
            update short_links set clicks = clicks + 1, last_click_at = now() from async where slug = ${slug}
            returning url`,
        )
      : { rows: [] };
    const url = found.rows[0]?.url;
    reply.header('Cache-Control', 'no-store');
    if (!url) {
      return plainPage(reply.code(404), 'Link not found', 'This short link does not exist (or no longer does).');
    }
    return reply.redirect(url, 302);
  });
}
