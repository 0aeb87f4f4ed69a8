import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Promotion links made by the offer generator. The link's token is signed (HMAC) over this row's id, benefit and
 * expiry, so the row is the record of who made what, and `revoked_at` withdraws a link before it expires.
 */
export const promotionLinks = pgTable(
  'promotion_links',
  {
    id: serial('id').primaryKey(),
    benefit: text('benefit').notNull(),
    landingPage: text('landing_page').notNull(),
    source: text('source').notNull(),
    action: text('action').notNull(),
    duration: integer('duration').notNull(),
    durationUnit: text('duration_unit').notNull(),
    /** A marketer's name for the link (lower-case), unique; null when none was given. */
    slug: text('slug'),
    url: text('url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    revokedBy: integer('revoked_by').references(() => staff.id),
  },
  (t) => [uniqueIndex('promotion_links_slug').on(t.slug), index('promotion_links_created').on(t.createdAt, t.id)],
);

/**
 * A file uploaded through a signed, single-use upload URL. The row exists from the moment the URL is handed out;
 * `used_at` and the stored file's facts are set only when bytes that pass the checks arrive, once.
 */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** What the file is for (`BANNER`). */
  purpose: text('purpose').notNull(),
  fileName: text('file_name').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  /** Where the bytes are in the file store (relative key), set with `used_at`. */
  storageKey: text('storage_key'),
  contentType: text('content_type'),
  byteSize: integer('byte_size'),
  width: integer('width'),
  height: integer('height'),
});

/** In-app banners (spec §3 "Banner"); a null targeting column means every value. LIVE/PLANNED is derived from dates. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    bannerType: text('banner_type').notNull(),
    country: text('country'),
    language: text('language'),
    subscriptionType: text('subscription_type'),
    featureFlag: text('feature_flag'),
    photoUploadId: uuid('photo_upload_id')
      .notNull()
      .references(() => uploads.id),
    mobilePhotoUploadId: uuid('mobile_photo_upload_id')
      .notNull()
      .references(() => uploads.id),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'string' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'string' }).notNull(),
    redirectUrl: text('redirect_url').notNull(),
    /** Position in the app's carousel, 1 first; kept dense by create, delete and reorder. */
    sortOrder: integer('sort_order').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().default(sql`now()`),
  },
  (t) => [index('banners_order').on(t.sortOrder, t.id)],
);
