import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '../../domain/api';
import { shortLinkPath } from '../../domain/partner-fields';
import { slugPattern, slugRule } from '../../domain/partner-vocabulary';
import type { Database } from '../db/client';
import { shortLinks } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { ClickCounter, type ClickCounterOptions, visitorKey } from './click-counter';
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

/** The absolute address of a short link, on the configured public URL (never the request's Host). */
export function shortLinkUrl(request: FastifyRequest, slug: string | null): string | null {
  return slug ? `${request.server.publicUrl}${shortLinkPath(slug)}` : null;
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
 * The headers of a short link's answer, instead of the console's full set (helmet is skipped on this route: a
 * redirect has no document for a content policy to govern, and the 404 page brings its own): never cached (each open
 * is a click to count), no referrer passed on to the destination, no type sniffing.
 */
const linkHeaders = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * `GET /l/{slug}`: 302 to the activity's link once its click is committed (one click per visitor — a keyed hash of
 * address and user agent — per minute) (`ClickCounter`: clicks arriving together
 * share one statement, so every answered click is counted at a fraction of a round trip each); an unknown or
 * malformed slug gets a plain 404 page, counting nothing. Closing the app waits for the clicks in flight.
 */
export function registerShortLinks(
  app: FastifyInstance,
  db: Database,
  secret: string,
  options: ClickCounterOptions = {},
): ClickCounter {
  const counter = new ClickCounter(db, options);
  app.addHook('onClose', () => counter.drained());
  app.get<{ Params: { slug: string } }>('/l/:slug', { config: { securityHeaders: false } }, async (request, reply) => {
    const slug = request.params.slug;
    const visitor = visitorKey(secret, request.ip, String(request.headers['user-agent'] ?? ''));
    const url = slugPattern.test(slug) ? await counter.click(slug, visitor) : null;
    reply.headers(linkHeaders);
    if (!url) {
      return plainPage(reply.code(404), 'Link not found', 'This short link does not exist (or no longer does).');
    }
    return reply.redirect(url, 302);
  });
  return counter;
}
