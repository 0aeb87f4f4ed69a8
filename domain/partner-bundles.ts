import { z } from 'zod';
import { defineArea, del, get, idParam, post, put } from './endpoint';
import { moneySchema } from './money';
import { amountSchema, daySchema, requiredText } from './partner-fields';
import { bundleActions, shopDiscountRange } from './partner-vocabulary';
import { quickActionSchema } from './tables';

/**
 * Shop bundles (spec §3 "Bundle", §4): a seller's photos sold as one product with its own shop page. Row actions by
 * state: not in shop → ADD_TO_SHOP, ACTIVATE_SHOP_DISCOUNT, RE-ORDER_PHOTOS; in shop → UPDATE, RE-CREATE_PAGE,
 * DELETE; deleted → none. The server refuses (409) an action the bundle's state does not offer.
 */

export const bundleRowSchema = z.object({
  bundle_id: z.number().int(),
  bundle_name: z.string(),
  seller_name: z.string(),
  table_id: z.number().int(),
  price: moneySchema,
  URL: z.string(),
  slug: z.string(),
  date: z.string(),
  is_in_shop: z.boolean(),
  is_deleted: z.boolean(),
  discount_percentage: z.number().int().nullable(),
  start_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  /** The photos in page order (re_order changes it). */
  photos: z.array(z.string()),
  page_version: z.number().int(),
  updated_at: z.string(),
  quick_actions: z.array(quickActionSchema.extend({ name: z.enum(bundleActions) })),
});
export type BundleRow = z.infer<typeof bundleRowSchema>;

const bundleIdParams = z.object({ bundle_id: idParam });
const bundleAnswer = bundleRowSchema;

/** `activate_shop_discount`: 1–90 %, from start_date to expiry_date (after the start). */
export const shopDiscountBody = z
  .object({
    discount_percentage: z
      .number({ error: 'must be a number' })
      .int('must be a whole percentage')
      .min(shopDiscountRange.min, `must be from ${shopDiscountRange.min} to ${shopDiscountRange.max} %`)
      .max(shopDiscountRange.max, `must be from ${shopDiscountRange.min} to ${shopDiscountRange.max} %`),
    start_date: daySchema,
    expiry_date: daySchema,
  })
  .strict()
  .refine((body) => body.expiry_date > body.start_date, {
    path: ['expiry_date'],
    message: 'must be after the start date',
  });

/** `re_order`: every photo of the bundle, once, in the new order. */
export const reorderBody = z
  .object({ photos: z.array(z.string().max(200)).min(1, 'name the photos in their new order').max(500) })
  .strict();

/** `PUT bundles/{id}`: name, seller or price. */
export const updateBundleBody = z
  .object({
    bundle_name: requiredText(200).optional(),
    seller_name: requiredText(200).optional(),
    /** Major units of the bundle's currency. */
    price: amountSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'change at least one of bundle_name, seller_name, price');

export const bundles = defineArea('bundles', {
  list: get('partners/bundles', {
    summary: 'Shop bundles, newest first, with their state’s row actions (deleted ones too, without actions)',
    permission: 'partner_managment',
    answer: z.object({ bundles: z.array(bundleRowSchema) }),
  }),
  addToShop: post('bundles/:bundle_id/add_to_shop', {
    summary: 'Put a bundle in the shop (builds its page); only a bundle not in the shop',
    permission: 'bundle_page_creation',
    params: bundleIdParams,
    answer: bundleAnswer,
  }),
  reCreate: post('bundles/:bundle_id/re_create', {
    summary: 'Rebuild an in-shop bundle’s page (new page version)',
    permission: 'bundle_page_creation',
    params: bundleIdParams,
    answer: bundleAnswer,
  }),
  reOrder: post('bundles/:bundle_id/re_order', {
    summary: 'Re-order the photos of a bundle not yet in the shop (body: every photo once, in the new order)',
    permission: 'bundle_page_creation',
    params: bundleIdParams,
    body: reorderBody,
    answer: bundleAnswer,
  }),
  activateShopDiscount: post('bundles/:bundle_id/activate_shop_discount', {
    summary: 'Set a 1–90 % shop discount with its start and expiry on a bundle not yet in the shop',
    permission: 'partner_managment',
    params: bundleIdParams,
    body: shopDiscountBody,
    answer: bundleAnswer,
  }),
  update: put('bundles/:bundle_id', {
    summary: 'Change an in-shop bundle’s name, seller or price (the price needs bundle_page_creation too)',
    permission: 'partner_managment',
    params: bundleIdParams,
    body: updateBundleBody,
    answer: bundleAnswer,
  }),
  remove: del('bundles/:bundle_id', {
    summary: 'Take an in-shop bundle out of the shop and mark it deleted (soft: is_deleted)',
    permission: 'partner_managment',
    params: bundleIdParams,
    answer: bundleAnswer,
  }),
});
