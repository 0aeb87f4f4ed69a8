import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { promotionLinks } from './marketing';

/**
 * A promotion link a customer took (the customer app redeems it when they subscribe with it): once per customer per
 * link. The offer generator's list counts these per link; the customer's Promotions tile lists theirs.
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => promotionLinks.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_link_customer').on(t.linkId, t.customerId),
    index('promotion_redemptions_link_redeemed').on(t.linkId, t.redeemedAt),
    index('promotion_redemptions_customer_redeemed').on(t.customerId, t.redeemedAt),
  ],
);
