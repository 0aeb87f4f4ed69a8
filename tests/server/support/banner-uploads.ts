import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { appConfig } from '../../../server/config';
import { fileStoreFrom } from '../../../server/files/choose-store';
import { JobWorker } from '../../../server/jobs';
import { bannerImagesJobKind } from '../../../server/marketing/banner-images';
import { type Client, type TestApi, testSecret } from './test-api';

/** For the banner upload suites (local files, bucket): one upload URL per file name, by `POST banners/upload_urls`. */
export function bannerUploadUrls(api: () => TestApi, marketer: () => Client) {
  return async (...names: string[]): Promise<Record<string, string>> => {
    const result = await marketer().post(api().marketing.uploadUrls, {}, { files_list: names });
    expect(result.status).toBe(200);
    return result.json;
  };
}

/**
 * Runs the release of deleted banners' images now, as it runs once their undo window has passed (a job due after it,
 * server/marketing/banner-images.ts): the jobs are made due, then a worker on the suite's file store runs them.
 */
export async function releaseDeletedBannerImages(api: TestApi): Promise<void> {
  await api.db.execute(sql`update jobs set run_after = now() where kind = ${bannerImagesJobKind} and state = 'queued'`);
  const worker = new JobWorker(api.db, {
    services: { config: appConfig({ jwtSecret: testSecret }), handlers: [], files: fileStoreFrom() },
  });
  // One run per deleted banner.
  for (let ran = true; ran; ) ran = await worker.runNext();
  await worker.stop();
}
