import { and, asc, eq, gt, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { api } from '../../domain/api';
import {
  type BannerRow,
  bannerCountries,
  bannerCountryLabels,
  bannerLanguageLabels,
  bannerLanguages,
  bannerStatuses,
  bannerStatusLabels,
  bannerSubscriptionTypeLabels,
  bannerSubscriptionTypes,
  bannerTypeLabels,
  bannerTypes,
  bannerUploadLimits,
  featureFlagLabels,
  featureFlags,
} from '../../domain/marketing';
import type { Header } from '../../domain/tables';
import type { Database } from '../db/client';
import { banners, uploads } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fileUrl } from '../files/claim-upload';
import { uploadPath } from '../files/upload-urls';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { tableHeader } from '../tables/header';
import { noteForUndo } from '../undo/note';
import { releaseImagesLater } from './banner-images';
import { publicOrigin } from './promotions';

export const bannerHeaders: readonly Header[] = [
  tableHeader('order', 'Order', 'NUMBER', null),
  tableHeader('status', 'Status', 'STATUS', null, {
    options: [...bannerStatuses],
    option_labels: bannerStatusLabels,
  }),
  tableHeader('banner_type', 'Type', 'TAG', null, { options: [...bannerTypes], option_labels: bannerTypeLabels }),
  tableHeader('start_date', 'Starts', 'DATETIME', null),
  tableHeader('end_date', 'Ends', 'DATETIME', null),
  tableHeader('country', 'Country', 'TEXT', null),
  tableHeader('language', 'Language', 'TEXT', null),
  tableHeader('subscription_type', 'Subscription', 'TEXT', null),
  tableHeader('feature_flag', 'Feature flag', 'TEXT', null),
  tableHeader('redirect_url', 'Redirect', 'TEXT', null),
  tableHeader('banner_id', 'ID', 'NUMBER', null),
  tableHeader('quick_actions', '', 'ROW_MENU', null),
];

const photo = alias(uploads, 'photo');
const mobilePhoto = alias(uploads, 'mobile_photo');

/**
 * The banners not yet ended, in carousel order (an ended banner is no longer shown in the app, so it leaves the list;
 * its creation and deletion stay in the audit trail).
 */
async function readBanners(db: Database, id?: number): Promise<BannerRow[]> {
  const rows = await db
    .select({ banner: banners, photo: photo.storageKey, mobilePhoto: mobilePhoto.storageKey })
    .from(banners)
    .innerJoin(photo, eq(photo.id, banners.photoUploadId))
    .innerJoin(mobilePhoto, eq(mobilePhoto.id, banners.mobilePhotoUploadId))
    .where(id === undefined ? gt(banners.endDate, sql`now()`) : eq(banners.id, id))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  const now = Date.now();
  return rows.map(({ banner, photo: photoKey, mobilePhoto: mobileKey }) => ({
    banner_id: banner.id,
    banner_type: banner.bannerType as BannerRow['banner_type'],
    status: Date.parse(banner.startDate) <= now ? 'LIVE' : 'PLANNED',
    country: banner.country,
    language: banner.language,
    subscription_type: banner.subscriptionType,
    feature_flag: banner.featureFlag,
    photo: photoKey ? fileUrl(photoKey) : '',
    mobile_photo: mobileKey ? fileUrl(mobileKey) : '',
    start_date: isoTimestamp(banner.startDate),
    end_date: isoTimestamp(banner.endDate),
    redirect_url: banner.redirectUrl,
    order: banner.sortOrder,
    quick_actions: [{ name: 'DELETE', is_disabled: false, disable_message: null }],
  }));
}

export const listBanners = handle(
  api.marketing.banners,
  async ({ db }) => ({ headers: [...bannerHeaders], banners: await readBanners(db) }),
  { transaction: false },
);

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const bannerFieldOptions = handle(api.marketing.bannerFieldOptions, async () => ({
  countries: options(bannerCountries, bannerCountryLabels),
  languages: options(bannerLanguages, bannerLanguageLabels),
  feature_flags: options(featureFlags, featureFlagLabels),
  subscription_types: options(bannerSubscriptionTypes, bannerSubscriptionTypeLabels),
  banner_types: bannerTypes.map((value) => ({ value, label: bannerTypeLabels[value] })),
  upload_limits: {
    max_bytes: bannerUploadLimits.maxBytes,
    max_side: bannerUploadLimits.maxSide,
    min_side: bannerUploadLimits.minSide,
    content_types: [...bannerUploadLimits.contentTypes],
  },
}));

/**
 * One single-use URL per file name, valid for `urlTtlSeconds`; nothing is stored until bytes arrive. Local files: our
 * signed `/uploads/{id}` URL. Bucket: a presigned PUT of `incoming/{id}` (the id is the URL's last path segment, for
 * `banners/uploads/{id}/complete`).
 */
export const bannerUploadUrls = handle(api.marketing.uploadUrls, async ({ db, body, config, staff, files }) => {
  const expires = Math.floor(Date.now() / 1000) + bannerUploadLimits.urlTtlSeconds;
  const rows = await db
    .insert(uploads)
    .values(
      body.files_list.map((fileName) => ({
        purpose: 'BANNER',
        fileName,
        createdBy: staff.id,
        expiresAt: new Date(expires * 1000).toISOString(),
      })),
    )
    .returning({ id: uploads.id, fileName: uploads.fileName });
  const origin = publicOrigin(config);
  const urls = await Promise.all(
    rows.map(async (row) => [
      row.fileName,
      files.incoming
        ? await files.incoming.uploadUrl(row.id, bannerUploadLimits.urlTtlSeconds)
        : `${origin}${uploadPath(config.jwtSecret, row.id, expires)}`,
    ]),
  );
  return Object.fromEntries(urls);
});

async function uploadedImage(db: Database, id: string, field: string): Promise<void> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (upload?.purpose !== 'BANNER' || !upload.usedAt || !upload.storageKey) {
    throw fail('upload_not_found', { field });
  }
}

export const createBanner = handle(api.marketing.createBanner, async ({ db, body, staff, request }) => {
  await uploadedImage(db, body.photo_upload_id, 'photo_upload_id');
  await uploadedImage(db, body.mobile_photo_upload_id, 'mobile_photo_upload_id');
  // One creation at a time takes the next place in the carousel.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('banners order'))`);
  const [last] = await db.select({ max: sql<number>`coalesce(max(${banners.sortOrder}), 0)::int` }).from(banners);
  const [created] = await db
    .insert(banners)
    .values({
      bannerType: body.banner_type,
      country: body.country,
      language: body.language,
      subscriptionType: body.subscription_type,
      featureFlag: body.feature_flag,
      photoUploadId: body.photo_upload_id,
      mobilePhotoUploadId: body.mobile_photo_upload_id,
      startDate: body.start_date,
      endDate: body.end_date,
      redirectUrl: body.redirect_url,
      sortOrder: (last?.max ?? 0) + 1,
      createdBy: staff.id,
    })
    .returning({ id: banners.id });
  if (!created) throw fail('banner_not_found');
  const [banner] = await readBanners(db, created.id);
  if (!banner) throw fail('banner_not_found');
  // The banner it made is the row's record (the call's path names none), so its undo can delete it.
  noteForUndo(request, { target: { kind: 'banner', id: String(created.id) } });
  return { banner };
});

/**
 * Deletes a banner; the ones after it move up. Its row is kept on the audit row, so an undo puts it back in its place,
 * and its images are released once that undo can no longer come (`releaseImagesLater`).
 */
export const deleteBanner = handle(api.marketing.deleteBanner, async ({ db, params, staff, request }) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('banners order'))`);
  const [deleted] = await db.delete(banners).where(eq(banners.id, params.banner_id)).returning();
  if (!deleted) throw fail('banner_not_found');
  await db
    .update(banners)
    .set({ sortOrder: sql`${banners.sortOrder} - 1` })
    .where(gt(banners.sortOrder, deleted.sortOrder));
  await releaseImagesLater(db, [deleted.photoUploadId, deleted.mobilePhotoUploadId], staff.id);
  noteForUndo(request, { target: { kind: 'banner', id: String(deleted.id) }, undo: { banner: deleted } });
  return { banner_id: deleted.id };
});

/**
 * Undoes a delete: the kept row goes back with its id, in its place in the carousel (those from there move down),
 * while its images are still kept (the release job has not run: the undo window is shorter).
 */
export async function restoreBanner(db: Database, kept: unknown): Promise<void> {
  const row = kept as typeof banners.$inferSelect | undefined;
  if (!row || typeof row.id !== 'number') {
    throw fail('undo_not_reversible', { detail: 'This delete did not keep the banner it removed' });
  }
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('banners order'))`);
  const images = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, [row.photoUploadId, row.mobilePhotoUploadId]), isNotNull(uploads.storageKey)));
  if (images.length < new Set([row.photoUploadId, row.mobilePhotoUploadId]).size) {
    throw fail('undo_stale', { detail: 'Its images were released since; nothing was undone' });
  }
  await db
    .update(banners)
    .set({ sortOrder: sql`${banners.sortOrder} + 1` })
    .where(gte(banners.sortOrder, row.sortOrder));
  await db.insert(banners).values(row);
}

/** Reorders the listed banners (those not ended): every one named once, first to last. */
export const reorderBanners = handle(api.marketing.reorderBanners, async ({ db, body }) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('banners order'))`);
  const current = await readBanners(db);
  const listed = new Set(current.map((banner) => banner.banner_id));
  if (body.banner_ids.length !== listed.size || body.banner_ids.some((id) => !listed.has(id))) {
    throw fail('banner_order_mismatch', { field: 'banner_ids' });
  }
  const places = current.map((banner) => banner.order).sort((a, b) => a - b);
  for (const [index, id] of body.banner_ids.entries()) {
    await db
      .update(banners)
      .set({ sortOrder: places[index] ?? index + 1 })
      .where(and(eq(banners.id, id), inArray(banners.id, [...listed])));
  }
  return { banners: await readBanners(db) };
});
