import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../config';
import { fail } from '../http/errors';
import { type FileStore, isStoreKey } from './store';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where the browser's bytes wait, unread, until the upload is reported: `incoming/<upload id>`. */
export function incomingKey(uploadId: string): string {
  if (!uuidPattern.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
  return `incoming/${uploadId}`;
}

/** A bucket answer we did not expect (or none): the store is at fault, not the caller. */
function storeFailed(what: string, status?: number): never {
  throw fail('file_store_failed', {
    detail: `The file store did not ${what}${status ? ` (bucket answered ${status})` : ''}; try again`,
  });
}

/**
 * The file store in an S3-compatible bucket, through aws4fetch (SigV4 on Node's fetch): presigned PUT URLs for the
 * browser, then HEAD, GET, copy and DELETE signed with the server's key. Same keys as the local store.
 */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  const endpoint = new URL(settings.endpoint);
  const base = settings.forcePathStyle
    ? `${endpoint.origin}/${settings.bucket}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
  const objectUrl = (key: string) => `${base}/${key}`;
  const send = async (what: string, key: string, init: RequestInit = {}) => {
    try {
      return await client.fetch(objectUrl(key), init);
    } catch {
      return storeFailed(what);
    }
  };
  const head = async (key: string): Promise<number | null> => {
    const response = await send('answer', key, { method: 'HEAD' });
    if (response.status === 404) return null;
    if (!response.ok) storeFailed('answer', response.status);
    return Number(response.headers.get('content-length') ?? 0);
  };
  const remove = async (key: string) => {
    const response = await send('delete a file', key, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) storeFailed('delete a file', response.status);
  };

  return {
    async put(key, bytes) {
      if (!isStoreKey(key)) throw new Error(`not a store key: ${key}`);
      const response = await send('store the file', key, { method: 'PUT', body: new Uint8Array(bytes) });
      if (!response.ok) storeFailed('store the file', response.status);
    },
    async get(key) {
      if (!isStoreKey(key)) return null;
      const response = await send('answer', key);
      if (response.status === 404) return null;
      if (!response.ok || !response.body) return storeFailed('answer', response.status);
      const size = Number(response.headers.get('content-length') ?? 0);
      return { stream: Readable.fromWeb(response.body as WebReadableStream), size };
    },
    async remove(key) {
      if (!isStoreKey(key)) throw new Error(`not a store key: ${key}`);
      await remove(key);
    },
    incoming: {
      origin: new URL(base).origin,
      async uploadUrl(uploadId, seconds) {
        const url = new URL(objectUrl(incomingKey(uploadId)));
        url.searchParams.set('X-Amz-Expires', String(seconds));
        // Only `host` is signed: the browser may send any Content-Type; the server checks the bytes afterwards.
        const signed = await client.sign(url, { method: 'PUT', aws: { signQuery: true } });
        return signed.url;
      },
      size: (uploadId) => head(incomingKey(uploadId)),
      async read(uploadId) {
        const response = await send('answer', incomingKey(uploadId));
        if (response.status === 404) throw fail('upload_not_uploaded');
        if (!response.ok) storeFailed('answer', response.status);
        return new Uint8Array(await response.arrayBuffer());
      },
      discard: (uploadId) => remove(incomingKey(uploadId)),
    },
  };
}
