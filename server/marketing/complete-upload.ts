import { eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import { uploads } from '../db/schema';
import { claimUpload, finalKey } from '../files/claim-upload';
import { checkImage, checkSize, reencodeImage } from '../files/image-check';
import { fail } from '../http/errors';
import { handle } from '../http/handler';

/**
 * `POST banners/uploads/{upload_id}/complete` (bucket mode): the browser PUT the file to its presigned URL; now the
 * server reads it back — its size first (nothing over the limit is downloaded), then the bytes — runs the local PUT's
 * checks, decodes and re-encodes it (`reencodeImage`), stores the re-encoded image at `banners/<uuid>.<ext>` and deletes `incoming/<uuid>`, and claims the upload (single use). A
 * refused file is deleted from the bucket and the upload stays unused: a corrected file may be PUT to the same URL.
 */
export const completeBannerUpload = handle(api.marketing.completeUpload, async ({ db, params, files }) => {
  const incoming = files.incoming;
  if (!incoming) throw fail('upload_not_in_bucket');
  // The row lock makes a concurrent completion wait, then see the upload used.
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, params.upload_id)).for('update');
  if (upload?.purpose !== 'BANNER') throw fail('upload_not_found', { field: 'upload_id' });
  if (upload.usedAt) throw fail('upload_link_used');
  if (Date.parse(upload.expiresAt) <= Date.now()) {
    await incoming.discard(upload.id);
    throw fail('upload_link_expired');
  }
  const size = await incoming.size(upload.id);
  if (size === null) throw fail('upload_not_uploaded');
  try {
    checkSize(size);
    const bytes = await incoming.read(upload.id);
    const image = await reencodeImage(bytes, checkImage(bytes));
    const key = finalKey(upload, image);
    const answer = await claimUpload(db, upload.id, key, image, image.bytes.byteLength);
    // The re-encoded image is what is kept; the bytes as sent are deleted.
    await files.put(key, image.bytes);
    await incoming.discard(upload.id);
    return answer;
  } catch (error) {
    await incoming.discard(upload.id).catch(() => undefined);
    throw error;
  }
});
