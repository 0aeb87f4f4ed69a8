import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AppPromotionAnswer, appPromotionsPath } from '../../domain/integrations/customer-app';
import type { Database } from '../db/client';
import { promotionLinks } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { authenticate } from '../integrations/customer-app/routes';
import { checkPromotionReference, checkPromotionToken, promotionReference } from './promotion-tokens';

/** A link's offer as the customer app applies it; `state` by `nowMs` (revoked first, then expired). */
export function appPromotionOf(link: typeof promotionLinks.$inferSelect, nowMs: number): AppPromotionAnswer {
  const expiresAt = isoTimestamp(link.expiresAt);
  return {
    id: link.id,
    offer: link.benefit,
    action: link.action,
    source: link.source,
    landing_page: link.landingPage,
    campaign: link.slug,
    expires_at: expiresAt,
    state: link.revokedAt ? 'REVOKED' : Date.parse(expiresAt) <= nowMs ? 'EXPIRED' : 'ACTIVE',
  };
}

/** Where a valid link sends people: `PROMOTION_LANDING_URL` (the customer app), default https://app.example.com. */
export function landingBase(): string {
  return (process.env.PROMOTION_LANDING_URL ?? 'https://app.example.com').replace(/\/+$/, '');
}

const landingPaths: Record<string, string> = { CHECKOUT: '/checkout' };

const pages = {
  tampered: {
    status: 400,
    title: 'This link is not valid',
    text: 'The link was changed or cut short. Ask for the offer again.',
  },
  expired: { status: 410, title: 'This offer has expired', text: 'The offer behind this link has ended.' },
  revoked: { status: 410, title: 'This offer was withdrawn', text: 'The offer behind this link is no longer valid.' },
} as const;

function plainPage(reply: FastifyReply, which: keyof typeof pages): FastifyReply {
  const page = pages[which];
  return reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head>` +
        `<body><main><h1>${page.title}</h1><p>${page.text}</p></main></body></html>`,
    );
}

/**
 * `GET /p/{token}`: a promotion link as customers open it. Valid (signature, expiry, not revoked) → 302 to the landing
 * page with only `promotion={id}.{signature}` in the query (no offer terms for anyone to read or edit in the address
 * bar); tampered → 400, expired or revoked → 410, each a plain page saying so. The customer app looks the offer up
 * with `GET /integrations/app/promotions/{reference}` and its service token.
 */
export function registerPromotionLanding(
  app: FastifyInstance,
  db: Database,
  secret: string,
  appServiceToken: string | null,
): void {
  app.get<{ Params: { token: string } }>('/p/:token', async (request, reply) => {
    const check = checkPromotionToken(secret, request.params.token, Date.now());
    if (!check.ok) return plainPage(reply, check.reason);
    const [link] = await db.select().from(promotionLinks).where(eq(promotionLinks.id, check.claims.id));
    if (!link || link.benefit !== check.claims.benefit) return plainPage(reply, 'tampered');
    if (link.revokedAt) return plainPage(reply, 'revoked');
    const query = new URLSearchParams({ promotion: promotionReference(secret, link.id) });
    return reply
      .code(302)
      .header('Cache-Control', 'no-store')
      .redirect(`${landingBase()}${landingPaths[link.landingPage] ?? '/'}?${query}`, 302);
  });

  app.get<{ Params: { reference: string } }>(
    `${appPromotionsPath}/:reference`,
    async (request): Promise<AppPromotionAnswer> => {
      authenticate(request, appServiceToken);
      const id = checkPromotionReference(secret, request.params.reference);
      if (id === null) throw fail('link_not_found');
      const [link] = await db.select().from(promotionLinks).where(eq(promotionLinks.id, id));
      if (!link) throw fail('link_not_found');
      return appPromotionOf(link, Date.now());
    },
  );
}
