import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type AppPromotionRedeemAnswer,
  appPromotionRedeemBody,
  appPromotionsPath,
} from '../../../domain/integrations/customer-app';
import type { Database } from '../../db/client';
import { customers, promotionLinks, promotionRedemptions } from '../../db/schema';
import { isoTimestamp } from '../../db/timestamps';
import { fail } from '../../http/errors';
import { appPromotionOf } from '../../marketing/promotion-landing';
import { checkPromotionReference } from '../../marketing/promotion-tokens';
import { audit, authenticate, customerOf, parse } from './routes';

/**
 * `POST /integrations/app/promotions/{reference}/redeem {customer_id}`: the customer app records that a customer took a
 * promotion link's offer (subscribed with it). The reference must be genuine (else 400), its link neither revoked nor
 * expired (410 with which), the customer known (404), and each customer uses a link once: a second call, even a
 * retried identical one, answers 409 saying when they used it. The link is read FOR SHARE, so a revoke waits for a
 * redemption in flight and a redemption after a revoke sees it; the unique (link, customer) index settles two calls at
 * once. Audited under the integration (`integrations.app.promotion_redeemed`, target the customer).
 */
export function registerPromotionRedeem(
  app: FastifyInstance,
  db: Database,
  secret: string,
  token: string | null,
): void {
  app.post<{ Params: { reference: string } }>(
    `${appPromotionsPath}/:reference/redeem`,
    async (request): Promise<AppPromotionRedeemAnswer> => {
      authenticate(request, token);
      const linkId = checkPromotionReference(secret, request.params.reference);
      if (linkId === null) throw fail('promotion_reference_invalid', { field: 'reference' });
      const body = parse(appPromotionRedeemBody, request.body);
      return db.transaction(async (tx) => {
        const [link] = await tx.select().from(promotionLinks).where(eq(promotionLinks.id, linkId)).for('share');
        if (!link) throw fail('link_not_found');
        const offer = appPromotionOf(link, Date.now());
        if (offer.state === 'REVOKED') throw fail('promotion_withdrawn');
        if (offer.state === 'EXPIRED') throw fail('promotion_expired');
        const [customer] = await tx.select().from(customers).where(eq(customers.id, body.customer_id));
        if (!customer) throw fail('customer_not_found', { field: 'customer_id' });
        const [made] = await tx
          .insert(promotionRedemptions)
          .values({ linkId, customerId: customer.id })
          .onConflictDoNothing({ target: [promotionRedemptions.linkId, promotionRedemptions.customerId] })
          .returning({ redeemedAt: promotionRedemptions.redeemedAt });
        if (!made) throw await usedAlready(tx, linkId, customer.id);
        await audit(tx, request, 'integrations.app.promotion_redeemed', customer.id, `Promotion link #${link.id} used`);
        return { promotion: offer, customer: customerOf(customer), redeemed_at: isoTimestamp(made.redeemedAt) };
      });
    },
  );
}

/** The 409 for a customer who used the link before, saying when. */
async function usedAlready(db: Database, linkId: number, customerId: number) {
  const [earlier] = await db
    .select({ redeemedAt: promotionRedemptions.redeemedAt })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.linkId, linkId), eq(promotionRedemptions.customerId, customerId)));
  const when = earlier ? isoTimestamp(earlier.redeemedAt) : null;
  return fail('promotion_already_redeemed', {
    detail: `This customer used this promotion link already${when ? ` on ${when}` : ''}: each customer may use a link once`,
  });
}
