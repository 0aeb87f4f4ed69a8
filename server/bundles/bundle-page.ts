import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatMoney, money } from '../../domain/money';
import { slugPattern } from '../../domain/partner-vocabulary';
import type { Database } from '../db/client';
import { bundles } from '../db/schema';
import { escapeHtml, plainPage } from '../partners/plain-page';

/** Today's price: the discount applies from its start day to its expiry day (UTC), both included. */
function priceNow(record: typeof bundles.$inferSelect, today: string): { price: number; discount: number | null } {
  const active =
    record.discountPercentage !== null &&
    record.discountStart !== null &&
    record.discountExpiry !== null &&
    record.discountStart <= today &&
    today <= record.discountExpiry;
  if (!active || record.discountPercentage === null) return { price: record.price, discount: null };
  return {
    price: Math.round((record.price * (100 - record.discountPercentage)) / 100),
    discount: record.discountPercentage,
  };
}

/**
 * `GET /shop/bundles/{slug}`: a bundle's shop page while it is in the shop — name, seller, price (discounted while a
 * discount runs), its photos in their order, and the page version re_create last built; a plain 404 otherwise.
 */
export function registerBundlePages(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { slug: string } }>('/shop/bundles/:slug', async (request, reply) => {
    const slug = request.params.slug;
    const [record] = slugPattern.test(slug) ? await db.select().from(bundles).where(eq(bundles.slug, slug)) : [];
    reply.header('Cache-Control', 'no-cache');
    if (!record?.isInShop || record.isDeleted) {
      return plainPage(reply.code(404), 'Bundle not found', 'This bundle is not in the shop.');
    }
    const currency = record.currency === 'EUR' || record.currency === 'GBP' ? record.currency : 'USD';
    const { price, discount } = priceNow(record, new Date().toISOString().slice(0, 10));
    const priceText = discount
      ? `<p><strong>${escapeHtml(formatMoney(money(price, currency)))}</strong> <s>${escapeHtml(formatMoney(money(record.price, currency)))}</s> · ${discount} % off until ${escapeHtml(record.discountExpiry ?? '')}</p>`
      : `<p><strong>${escapeHtml(formatMoney(money(price, currency)))}</strong></p>`;
    const photos = `<ol>${record.photos.map((photo) => `<li>${escapeHtml(photo)}</li>`).join('')}</ol>`;
    return plainPage(
      reply,
      record.bundleName,
      `<p class="muted">by ${escapeHtml(record.sellerName)} · page version ${record.pageVersion}</p>${priceText}${photos}`,
    );
  });
}
