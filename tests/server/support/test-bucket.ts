import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll } from 'vitest';

/** A real S3-protocol server (s3rver: files in a temp directory, SigV4 checked) with one bucket, for one test file. */
export interface TestBucket {
  /** The `S3_*` environment that points the server at it. */
  env: Record<string, string>;
  /** Signs with the bucket's key, for looking at the bucket from the test. */
  client: AwsClient;
  /** `http://127.0.0.1:port/bucket/key`. */
  objectUrl(key: string): string;
  /** The keys in the bucket (all, or under a prefix), sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

const bucket = 'loupe-test';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The bucket CORS rule the README asks for: the console's origins may PUT with a Content-Type. */
function corsRule(origins: readonly string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedHeader>Content-Type</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/** Starts s3rver on a free loopback port (`port` 0) or the given one; browsers from `corsOrigins` may PUT. */
export async function startTestBucket(
  options: { corsOrigins?: readonly string[]; port?: number } = {},
): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'loupe-bucket-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: options.corsOrigins ? [corsRule(options.corsOrigins)] : [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new AwsClient({ ...credentials, service: 's3', region: 'us-east-1', retries: 0 });
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    objectUrl: (key) => `${endpoint}/${bucket}/${key}`,
    async keys(prefix = '') {
      const response = await client.fetch(`${endpoint}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
      const listing = await response.text();
      if (!response.ok) throw new Error(`listing the bucket: ${response.status} ${listing}`);
      return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1] ?? '').sort();
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A test bucket for the whole file, its `S3_*` in the environment before the file's apps are built (they read it
 * then) and removed after. Files that use it run in the `server-isolated` project (vitest.config.ts).
 */
export function bucketForFile(): { readonly bucket: TestBucket } {
  const holder = {} as { bucket: TestBucket };
  beforeAll(async () => {
    holder.bucket = await startTestBucket();
    Object.assign(process.env, holder.bucket.env);
  });
  afterAll(async () => {
    for (const name of Object.keys(holder.bucket.env)) delete process.env[name];
    await holder.bucket.close();
  });
  return holder;
}
