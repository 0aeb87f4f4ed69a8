import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Upload URLs: `/uploads/{upload_id}?expires={unix}&signature={HMAC-SHA256}`, signed over the upload's id and expiry
 * with a key derived from the server secret. The `uploads` row makes each URL single-use.
 */

function uploadKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('loupe upload urls v1').digest();
}

export function uploadSignature(secret: string, uploadId: string, expires: number): string {
  return createHmac('sha256', uploadKey(secret)).update(`${uploadId}.${expires}`).digest('base64url');
}

/** The path (no origin) of an upload URL. */
export function uploadPath(secret: string, uploadId: string, expires: number): string {
  const query = new URLSearchParams({
    expires: String(expires),
    signature: uploadSignature(secret, uploadId, expires),
  });
  return `/uploads/${uploadId}?${query}`;
}

/** Whether a presented signature is the right one for this id and expiry (constant time). */
export function uploadSignatureMatches(secret: string, uploadId: string, expires: number, presented: string): boolean {
  const expected = Buffer.from(uploadSignature(secret, uploadId, expires));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
