import { expect } from 'vitest';
import type { Client, TestApi } from './test-api';

/** For the banner upload suites (local files, bucket): one upload URL per file name, by `POST banners/upload_urls`. */
export function bannerUploadUrls(api: () => TestApi, marketer: () => Client) {
  return async (...names: string[]): Promise<Record<string, string>> => {
    const result = await marketer().post(api().marketing.uploadUrls, {}, { files_list: names });
    expect(result.status).toBe(200);
    return result.json;
  };
}
