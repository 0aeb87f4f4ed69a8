import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UploadedFile } from '../../domain/marketing';
import type { Database } from '../db/client';
import { uploads } from '../db/schema';
import { fail } from '../http/errors';
import type { CheckedImage } from './image-check';

/** The public URL of a stored file. */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}

/** The final key of an upload's checked image: `banners/<uuid>.png`. */
export function finalKey(upload: { id: string; purpose: string }, image: CheckedImage): string {
  return `${upload.purpose.toLowerCase()}s/${upload.id}.${image.extension}`;
}

/**
 * Claims an upload for its checked image, once: marks it used with the file's facts, unless it was used or expired
 * meanwhile (403). Answers what both upload routes answer (the local PUT and the bucket's complete call).
 */
export async function claimUpload(
  db: Database,
  id: string,
  key: string,
  image: CheckedImage,
  byteSize: number,
): Promise<UploadedFile> {
  const [claimed] = await db
    .update(uploads)
    .set({
      usedAt: sql`now()`,
      storageKey: key,
      contentType: image.contentType,
      byteSize,
      width: image.width,
      height: image.height,
    })
    .where(and(eq(uploads.id, id), isNull(uploads.usedAt), sql`${uploads.expiresAt} > now()`))
    .returning({ id: uploads.id });
  if (!claimed) throw fail('upload_link_used');
  return {
    upload_id: claimed.id,
    url: fileUrl(key),
    content_type: image.contentType,
    byte_size: byteSize,
    width: image.width,
    height: image.height,
  };
}
