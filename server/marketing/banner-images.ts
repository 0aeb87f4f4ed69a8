import { and, inArray, isNotNull, or } from 'drizzle-orm';
import { undoWindowMinutes } from '../../domain/undo';
import type { Database } from '../db/client';
import { banners, uploads } from '../db/schema';
import type { FileStore } from '../files/store';
import { enqueueJob, registerJobKind } from '../jobs';

/**
 * A deleted banner's images are released once its delete can no longer be undone (issue 22, undo): a job due a minute
 * after the undo window, so an undo within it puts the banner back with its images, and the files do not outlive it.
 */
export const bannerImagesJobKind = 'banner_images_release';

/**
 * Forgets the images no banner shows any more (their uploads keep `used_at`, so the URLs stay spent, and lose the key,
 * so no new banner can name them) and removes their files, last in the transaction (as the upload writes its file):
 * only the job's own transaction can still roll the release back after the files are gone. An image a banner shows
 * again (the delete was undone, or another banner uses it) is kept.
 */
export async function releaseImages(db: Database, ids: readonly string[], files: FileStore): Promise<void> {
  const shown = await db
    .select({ photo: banners.photoUploadId, mobile: banners.mobilePhotoUploadId })
    .from(banners)
    .where(or(inArray(banners.photoUploadId, [...ids]), inArray(banners.mobilePhotoUploadId, [...ids])));
  const stillShown = new Set(shown.flatMap((row) => [row.photo, row.mobile]));
  const free = [...new Set(ids)].filter((id) => !stillShown.has(id));
  if (free.length === 0) return;
  const released = await db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(and(inArray(uploads.id, free), isNotNull(uploads.storageKey)));
  await db.update(uploads).set({ storageKey: null }).where(inArray(uploads.id, free));
  for (const { key } of released) if (key) await files.remove(key);
}

registerJobKind<{ upload_ids: string[] }>(bannerImagesJobKind, {
  runItem: async ({ db, job, services }) => {
    await releaseImages(db, job.payload.upload_ids, services.files);
    return { state: 'done' };
  },
});

/** Queues the release of a deleted banner's images for after the undo window, in the delete's transaction. */
export async function releaseImagesLater(db: Database, ids: readonly string[], staffId: number): Promise<void> {
  await enqueueJob(db, {
    kind: bannerImagesJobKind,
    payload: { upload_ids: [...new Set(ids)] },
    items: ['release'],
    createdBy: staffId,
    runAfter: new Date(Date.now() + (undoWindowMinutes + 1) * 60_000).toISOString(),
  });
}
