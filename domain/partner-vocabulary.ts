/**
 * The fixed lists of the partners area (data-and-calls-spec §3 "Partner", "Partner activity", "Marketing activity",
 * "Bundle", §4 "Bundle"), spelled exactly as the spec spells them, with what people read for each.
 */

export const partnerTypes = [
  'AFFILIATE',
  'GA',
  'AMBASADOR',
  'TALENT',
  'CHAMPION',
  '2ND_TIER_AMBASADORS',
  '1ST_TIER_PARTNER',
  'EVENT',
  'PAID_COLLAB',
  'SPOTLIGHT',
  'COMMUNITY',
  'OTHER',
] as const;
export type PartnerType = (typeof partnerTypes)[number];
export const partnerTypeLabels: Record<PartnerType, string> = {
  AFFILIATE: 'Affiliate',
  GA: 'GA',
  AMBASADOR: 'Ambassador',
  TALENT: 'Talent',
  CHAMPION: 'Champion',
  '2ND_TIER_AMBASADORS': '2nd-tier ambassadors',
  '1ST_TIER_PARTNER': '1st-tier partner',
  EVENT: 'Event',
  PAID_COLLAB: 'Paid collab',
  SPOTLIGHT: 'Spotlight',
  COMMUNITY: 'Community',
  OTHER: 'Other',
};

/** How a partner is paid per subscriber they bring. */
export const formsOfPayment = ['CREDIT', 'CASH'] as const;
export type FormOfPayment = (typeof formsOfPayment)[number];
export const formOfPaymentLabels: Record<FormOfPayment, string> = { CREDIT: 'Credit', CASH: 'Cash' };

export const activityTypes = [
  'VIDEO',
  'BLOG',
  'WEBINAR',
  'NEWSLETTER',
  'INSTAGRAM_REEL',
  'INSTAGRAM_POST',
  'TIKTOK',
  'PODCAST',
  'EVENT',
  'GIFTING_PARTNER',
] as const;
export type ActivityType = (typeof activityTypes)[number];
export const activityTypeLabels: Record<ActivityType, string> = {
  VIDEO: 'Video',
  BLOG: 'Blog',
  WEBINAR: 'Webinar',
  NEWSLETTER: 'Newsletter',
  INSTAGRAM_REEL: 'Instagram reel',
  INSTAGRAM_POST: 'Instagram post',
  TIKTOK: 'TikTok',
  PODCAST: 'Podcast',
  EVENT: 'Event',
  GIFTING_PARTNER: 'Gifting partner',
};

/** Which app an activity promotes. */
export const appTypes = ['PHOTO', 'VIDEO'] as const;
export type AppType = (typeof appTypes)[number];
export const appTypeLabels: Record<AppType, string> = { PHOTO: 'Photo', VIDEO: 'Video' };

/** The UTM sources and mediums the link builder offers (`GET utm_sources`, `GET utm_mediums`); others may be typed. */
export const utmSources = [
  'instagram',
  'youtube',
  'tiktok',
  'facebook',
  'newsletter',
  'google',
  'podcast',
  'partner',
  'event',
  'blog',
] as const;
export const utmMediums = ['social', 'video', 'email', 'cpc', 'affiliate', 'referral', 'display', 'audio', 'offline'];

/** A bundle's row actions (spec §3 "Bundle"), spelled as the spec spells them. */
export const bundleActions = [
  'UPDATE',
  'RE-CREATE_PAGE',
  'DELETE',
  'ACTIVATE_SHOP_DISCOUNT',
  'ADD_TO_SHOP',
  'RE-ORDER_PHOTOS',
] as const;
export type BundleAction = (typeof bundleActions)[number];
export const bundleActionLabels: Record<BundleAction, string> = {
  UPDATE: 'Update',
  'RE-CREATE_PAGE': 'Re-create page',
  DELETE: 'Delete',
  ACTIVATE_SHOP_DISCOUNT: 'Activate shop discount',
  ADD_TO_SHOP: 'Add to shop',
  'RE-ORDER_PHOTOS': 'Re-order photos',
};

/** Where a bundle is: not yet in the shop, in the shop, or deleted (soft). */
export type BundleState = 'NOT_IN_SHOP' | 'IN_SHOP' | 'DELETED';

/** The actions each bundle state offers (spec §4): deleted bundles offer none. */
export const bundleActionsByState: Record<BundleState, readonly BundleAction[]> = {
  NOT_IN_SHOP: ['ADD_TO_SHOP', 'ACTIVATE_SHOP_DISCOUNT', 'RE-ORDER_PHOTOS'],
  IN_SHOP: ['UPDATE', 'RE-CREATE_PAGE', 'DELETE'],
  DELETED: [],
};

export function bundleState(bundle: { is_in_shop: boolean; is_deleted: boolean }): BundleState {
  if (bundle.is_deleted) return 'DELETED';
  return bundle.is_in_shop ? 'IN_SHOP' : 'NOT_IN_SHOP';
}

/** The shop discount's bounds, in whole percent. */
export const shopDiscountRange = { min: 1, max: 90 } as const;

/** A short link's slug: lower-case letters, digits and single hyphens, 3–64 characters. */
export const slugPattern = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,63}$/;
export const slugRule =
  'use 3–64 lower-case letters, digits and single hyphens, starting and ending with a letter or digit';

/** A partner's ref (their referral code): letters, digits, `_` and `-`, 2–40 characters; compared case-insensitively. */
export const refPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/;
