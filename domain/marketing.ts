import { z } from 'zod';
import { isSitePathOrPublicHttps } from './addresses';
import { defineArea, del, get, idParam, post, put } from './endpoint';
import { headerSchema, quickActionSchema } from './tables';

/**
 * The offer generator and banners (spec §3 "Promotion link form options", "Banner"; §7 "Marketing, banners, slug").
 *
 * - A promotion link is `/p/{token}` on this server: the token carries the link's id, benefit and expiry and is signed
 *   with HMAC-SHA256; the server redirects a valid one to the landing page with the offer, and answers a plain page
 *   for a tampered, expired or revoked one.
 * - Banner images arrive through signed, short-lived, single-use upload URLs; the server checks the bytes.
 */

export const promotionBenefits = ['50_PERCENT', '25_PERCENT'] as const;
export const promotionBenefitLabels: Record<(typeof promotionBenefits)[number], string> = {
  '50_PERCENT': '50 % off',
  '25_PERCENT': '25 % off',
};
export const landingPages = ['CHECKOUT'] as const;
export const landingPageLabels: Record<(typeof landingPages)[number], string> = { CHECKOUT: 'Checkout' };
/** The one customer-messaging source the spec names. */
export const promotionSources = ['CUSTOMER_MESSAGING'] as const;
export const promotionSourceLabels: Record<(typeof promotionSources)[number], string> = {
  CUSTOMER_MESSAGING: 'Customer messaging',
};
export const promotionActions = ['SUBSCRIBE'] as const;
export const promotionActionLabels: Record<(typeof promotionActions)[number], string> = { SUBSCRIBE: 'Subscribe' };
export const durationUnits = ['HOURS', 'DAYS'] as const;
export const durationUnitLabels: Record<(typeof durationUnits)[number], string> = { HOURS: 'Hours', DAYS: 'Days' };

/** The longest a promotion link may live: 90 days (2,160 hours). */
export const maxPromotionHours = 90 * 24;
/** A link's slug: 3–40 lower-case letters, digits and inner hyphens. */
export const slugPattern = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

const option = z.object({ value: z.string(), label: z.string() });
const timestamp = z.string();

/** `GET marketing/promotions/generate_link`'s query: the options chosen, the duration and an optional slug. */
export const generateLinkQuery = z
  .strictObject({
    benefit: z.enum(promotionBenefits),
    landing_page: z.enum(landingPages),
    source: z.enum(promotionSources),
    action: z.enum(promotionActions),
    duration: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1'),
    duration_unit: z.enum(durationUnits),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(slugPattern, 'must be 3–40 lower-case letters, digits or hyphens, not starting or ending with a hyphen')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((query) => query.duration * (query.duration_unit === 'DAYS' ? 24 : 1) <= maxPromotionHours, {
    path: ['duration'],
    message: `a link may live at most ${maxPromotionHours / 24} days`,
  });

export const promotionLinkStates = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export const promotionLinkStateLabels: Record<(typeof promotionLinkStates)[number], string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

/** One generated link, as the list shows it (who, when, what, until when). */
export const promotionLinkRowSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  benefit: z.enum(promotionBenefits),
  landing_page: z.enum(landingPages),
  source: z.enum(promotionSources),
  action: z.enum(promotionActions),
  duration: z.number().int(),
  duration_unit: z.enum(durationUnits),
  slug: z.string().nullable(),
  state: z.enum(promotionLinkStates),
  created_by: z.string(),
  created_at: timestamp,
  expires_at: timestamp,
  revoked_at: timestamp.nullable(),
  /** How many customers used the link (the customer app redeemed it for them), and when the last did. */
  used_count: z.number().int(),
  /** `used_count` in words: "Not used", "1 time", "3 times". */
  used: z.string(),
  last_used_at: timestamp.nullable(),
  quick_actions: z.array(quickActionSchema),
});
export type PromotionLinkRow = z.infer<typeof promotionLinkRowSchema>;

// ---- Banners ----

export const bannerTypes = ['APP', 'PROFILE_SHOP'] as const;
export const bannerTypeLabels: Record<(typeof bannerTypes)[number], string> = {
  APP: 'App',
  PROFILE_SHOP: 'Profile shop',
};
export const bannerStatuses = ['LIVE', 'PLANNED'] as const;
export const bannerStatusLabels: Record<(typeof bannerStatuses)[number], string> = { LIVE: 'Live', PLANNED: 'Planned' };
export const bannerCountries = ['US', 'UK', 'CA', 'AU', 'DE'] as const;
export const bannerCountryLabels: Record<(typeof bannerCountries)[number], string> = {
  US: 'United States',
  UK: 'United Kingdom',
  CA: 'Canada',
  AU: 'Australia',
  DE: 'Germany',
};
export const bannerLanguages = ['en', 'es', 'fr', 'de', 'ja'] as const;
export const bannerLanguageLabels: Record<(typeof bannerLanguages)[number], string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  ja: 'Japanese',
};
export const featureFlags = ['BETA_USER', 'PRO_USER', 'ENTERPRISE_USER', 'NEW_FEATURES', 'EARLY_ACCESS'] as const;
export const featureFlagLabels: Record<(typeof featureFlags)[number], string> = {
  BETA_USER: 'Beta users',
  PRO_USER: 'Pro users',
  ENTERPRISE_USER: 'Enterprise users',
  NEW_FEATURES: 'New features',
  EARLY_ACCESS: 'Early access',
};
export const bannerSubscriptionTypes = ['TRIAL', 'BASIC', 'PRO', 'ENTERPRISE', 'METERED'] as const;
export const bannerSubscriptionTypeLabels: Record<(typeof bannerSubscriptionTypes)[number], string> = {
  TRIAL: 'Trial',
  BASIC: 'Basic',
  PRO: 'Pro',
  ENTERPRISE: 'Enterprise',
  METERED: 'Metered',
};

/** Upload limits of banner images: PNG, JPEG or WebP by content, at most 5 MB and 4096 px a side, at least 64 px. */
export const bannerUploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxSide: 4096,
  minSide: 64,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
  /** How long an upload URL works after it is handed out. */
  urlTtlSeconds: 15 * 60,
  /** Files one upload_urls call may ask for. */
  maxFiles: 10,
} as const;

/** One banner (spec §3); `status` is LIVE from its start date on, PLANNED before. */
export const bannerRowSchema = z.object({
  banner_id: z.number().int(),
  banner_type: z.enum(bannerTypes),
  status: z.enum(bannerStatuses),
  country: z.string().nullable(),
  language: z.string().nullable(),
  subscription_type: z.string().nullable(),
  feature_flag: z.string().nullable(),
  photo: z.string(),
  mobile_photo: z.string(),
  start_date: timestamp,
  end_date: timestamp,
  redirect_url: z.string(),
  order: z.number().int(),
  quick_actions: z.array(quickActionSchema),
});
export type BannerRow = z.infer<typeof bannerRowSchema>;

const fileName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine(
    (name) => ![...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32),
    'must not contain slashes or control characters',
  );

/** `POST banners/upload_urls`: the names of the files about to be uploaded (unique). */
export const uploadUrlsBody = z.strictObject({
  files_list: z
    .array(fileName)
    .min(1, 'name at least one file')
    .max(bannerUploadLimits.maxFiles, `at most ${bannerUploadLimits.maxFiles} files at once`)
    .refine((names) => new Set(names).size === names.length, 'file names must be unique'),
});

/** The answer of an upload: the id to create the banner with, and what the server found in the bytes. */
export const uploadedFileSchema = z.object({
  upload_id: z.string(),
  url: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const isoInstant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });
const targeting = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().default(null);
const uploadId = z.uuid('must be an upload id from banners/upload_urls');

/** `POST banners`: the banner, its two uploaded images by upload id; a null targeting field means everyone. */
export const createBannerBody = z
  .strictObject({
    banner_type: z.enum(bannerTypes),
    country: targeting(bannerCountries),
    language: targeting(bannerLanguages),
    subscription_type: targeting(bannerSubscriptionTypes),
    feature_flag: targeting(featureFlags),
    photo_upload_id: uploadId,
    mobile_photo_upload_id: uploadId,
    start_date: isoInstant,
    end_date: isoInstant,
    redirect_url: z
      .string()
      .trim()
      .max(2000)
      .refine(isSitePathOrPublicHttps, 'must be a /path on our site or an https:// address of a public host'),
  })
  .refine((body) => Date.parse(body.end_date) > Date.parse(body.start_date), {
    path: ['end_date'],
    message: 'must be after the start date',
  });

const bannerIdParams = z.object({ banner_id: idParam });

export const marketing = defineArea('marketing', {
  linkFormData: get('marketing/promotions/link_form_data', {
    summary: 'The offer generator’s options: benefit, landing page, source, action, duration unit',
    permission: 'coupons',
    answer: z.object({
      benefit: z.array(option),
      landing_page: z.array(option),
      source: z.array(option),
      action: z.array(option),
      duration_unit: z.array(option),
      max_duration_hours: z.number().int(),
    }),
  }),
  generateLink: get('marketing/promotions/generate_link', {
    summary: 'Generates a signed promotion link with its benefit and expiry (recorded, revocable)',
    permission: 'coupons',
    query: generateLinkQuery,
    answer: z.object({ link: z.string(), promotion: promotionLinkRowSchema }),
  }),
  links: get('marketing/promotions/links', {
    summary: 'The promotion links generated so far, newest first: who, when, what, until when, how often used',
    permission: 'coupons',
    answer: z.object({ headers: z.array(headerSchema), links: z.array(promotionLinkRowSchema) }),
  }),
  revokeLink: post('marketing/promotions/links/:link_id/revoke', {
    summary: 'Revokes a promotion link: from now on it opens the "no longer valid" page',
    permission: 'coupons',
    params: z.object({ link_id: idParam }),
    answer: z.object({ promotion: promotionLinkRowSchema }),
  }),
  banners: get('marketing/banners', {
    summary: 'Every banner in carousel order, LIVE or PLANNED by its dates',
    permission: 'banner_management',
    answer: z.object({ headers: z.array(headerSchema), banners: z.array(bannerRowSchema) }),
  }),
  bannerFieldOptions: get('new_banner_field_options', {
    summary: 'The new-banner form’s options: countries, languages, feature flags, subscription types, banner types',
    permission: 'banner_management',
    answer: z.object({
      countries: z.array(option),
      languages: z.array(option),
      feature_flags: z.array(option),
      subscription_types: z.array(option),
      banner_types: z.array(option),
      upload_limits: z.object({
        max_bytes: z.number().int(),
        max_side: z.number().int(),
        min_side: z.number().int(),
        content_types: z.array(z.string()),
      }),
    }),
  }),
  uploadUrls: post('banners/upload_urls', {
    summary: 'Signed, single-use upload URLs (15 minutes) for banner images, by file name',
    permission: 'banner_management',
    body: uploadUrlsBody,
    answer: z.record(z.string(), z.string()),
  }),
  completeUpload: post('banners/uploads/:upload_id/complete', {
    summary:
      'Bucket mode: after the browser PUT the file to its presigned URL, checks the bytes and keeps them (single use)',
    permission: 'banner_management',
    params: z.object({ upload_id: uploadId }),
    answer: uploadedFileSchema,
  }),
  createBanner: post('banners', {
    summary: 'Creates a banner from two uploaded images, last in the carousel',
    permission: 'banner_management',
    body: createBannerBody,
    answer: z.object({ banner: bannerRowSchema }),
  }),
  deleteBanner: del('banners/:banner_id', {
    summary: 'Deletes a banner; the ones after it move up',
    permission: 'banner_management',
    params: bannerIdParams,
    answer: z.object({ banner_id: z.number().int() }),
  }),
  reorderBanners: put('banners/order', {
    summary: 'Puts the banners in the given order (every banner id, once)',
    permission: 'banner_management',
    body: z.strictObject({
      banner_ids: z
        .array(idParam)
        .min(1)
        .max(1000)
        .refine((ids) => new Set(ids).size === ids.length, 'each banner once'),
    }),
    answer: z.object({ banners: z.array(bannerRowSchema) }),
  }),
});

/**
 * Why a picked file cannot be a banner image, checked in the browser before anything is sent (the server checks the
 * content again): its type by what the browser reports, then its size. Null when it may be uploaded.
 */
export function bannerFileRefusal(file: { size: number; type: string }): string | null {
  if (!(bannerUploadLimits.contentTypes as readonly string[]).includes(file.type)) {
    return `Not sent: choose a PNG, JPEG or WebP image${file.type ? ` (this file is ${file.type})` : ''}.`;
  }
  if (file.size > bannerUploadLimits.maxBytes) {
    const size = (file.size / 1024 / 1024).toFixed(1);
    return `Not sent: the file is ${size} MB, and a banner image may be at most ${bannerUploadLimits.maxBytes / 1024 / 1024} MB.`;
  }
  if (file.size === 0) return 'Not sent: the file is empty.';
  return null;
}
