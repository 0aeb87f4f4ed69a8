import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bannerUploadLimits } from '../../domain/marketing';
import type { Database } from '../db/client';
import { uploads } from '../db/schema';
import { toApiError } from '../http/answers';
import { fail } from '../http/errors';
import { claimUpload, finalKey } from './claim-upload';
import { checkImage, reencodeImage } from './image-check';
import type { FileStore } from './store';
import { uploadSignatureMatches } from './upload-urls';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const contentTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * `PUT /uploads/{upload_id}?expires&signature` (raw bytes; the signed URL is the permission: no session, no cross-site
 * token) and `GET /files/{folder}/{name}` (stored images, immutable). Checks, in order: signature (403) and expiry
 * (403) before the body is read, already used (403), size, content and dimensions (400), then a full decode and
 * re-encode (only the re-encoded image is stored). Nothing is stored unless every check passes, and
 * the claim of the URL and the file's facts commit together.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  options: { db: Database; store: FileStore; secret: string },
): Promise<void> {
  const { db, store, secret } = options;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: bannerUploadLimits.maxBytes }, (_r, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler(async (error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      const answer =
        status === 413
          ? fail('upload_too_large', {
              detail: `The file is larger than ${bannerUploadLimits.maxBytes / 1024 / 1024} MB, the most accepted`,
            })
          : toApiError(error);
      return reply.code(answer.status).send(answer.toAnswer());
    });

    scope.put<{ Params: { upload_id: string }; Querystring: { expires?: string; signature?: string } }>(
      '/uploads/:upload_id',
      {
        // Before the body is read (the content-type parser runs after this hook): a forged or expired URL is
        // answered 403 at once, without taking in the up to 5 MB that follow.
        onRequest: async (request) => {
          const { upload_id: id } = request.params;
          const expires = Number(request.query.expires);
          const signature = request.query.signature ?? '';
          if (
            !uuidPattern.test(id) ||
            !Number.isSafeInteger(expires) ||
            typeof signature !== 'string' ||
            !uploadSignatureMatches(secret, id, expires, signature)
          ) {
            throw fail('upload_link_invalid');
          }
          if (expires * 1000 <= Date.now()) throw fail('upload_link_expired');
        },
      },
      async (request) => {
        const id = request.params.upload_id;
        const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
        if (!upload) throw fail('upload_link_invalid');
        if (upload.usedAt) throw fail('upload_link_used');
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const image = await reencodeImage(bytes, checkImage(bytes));
        const key = finalKey(upload, image);
        return db.transaction(async (tx) => {
          const answer = await claimUpload(tx, id, key, image, image.bytes.byteLength);
          await store.put(key, image.bytes);
          return answer;
        });
      },
    );

    scope.get<{ Params: { folder: string; name: string } }>('/files/:folder/:name', async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      const file = await store.get(key);
      if (!file) return reply.code(404).send(fail('not_found', { detail: 'Not found' }).toAnswer());
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .type(contentTypes[extension] ?? 'application/octet-stream')
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    });
  });
}
