import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { banners } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { pngImage } from './support/images';
import { type Client, type TestApi, useTestApi } from './support/test-api';

const filesDir = mkdtempSync(join(tmpdir(), 'loupe-banners-'));
process.env.FILES_DIR = filesDir;
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

/** Uploads a desktop and a mobile image through signed URLs; answers their upload ids. */
export async function uploadBannerImages(api: TestApi, client: Client): Promise<{ photo: string; mobile: string }> {
  const urls = (await client.post(api.marketing.uploadUrls, {}, { files_list: ['desktop.png', 'mobile.png'] })).json;
  const ids: string[] = [];
  for (const [name, size] of [
    ['desktop.png', [1200, 300]],
    ['mobile.png', [600, 300]],
  ] as const) {
    const response = await api.inject({
      method: 'PUT',
      url: (urls[name] ?? '').replace(/^https?:\/\/[^/]+/, ''),
      payload: pngImage(size[0], size[1]),
      headers: { 'content-type': 'image/png' },
    });
    ids.push(response.json().upload_id);
  }
  return { photo: ids[0] ?? '', mobile: ids[1] ?? '' };
}

const day = 86_400_000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

describeEachBackend('banners: created from uploads, LIVE or PLANNED by date, deleted and reordered', (backend) => {
  const t = useTestApi(backend);
  let marketer: Client;
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  async function create(startDays: number, endDays: number, extra: Record<string, unknown> = {}) {
    const images = await uploadBannerImages(t.api, marketer);
    return marketer.post(
      t.api.marketing.createBanner,
      {},
      {
        banner_type: 'APP',
        photo_upload_id: images.photo,
        mobile_photo_upload_id: images.mobile,
        start_date: at(startDays),
        end_date: at(endDays),
        redirect_url: 'https://app.example.com/offers',
        country: 'UK',
        ...extra,
      },
    );
  }

  it('creates banners last in order; LIVE from the start date, PLANNED before; ended ones leave the list', async () => {
    const live = await create(-1, 5);
    expect(live.status, JSON.stringify(live.json)).toBe(200);
    expect(live.json.banner).toMatchObject({ status: 'LIVE', country: 'UK', language: null, banner_type: 'APP' });
    expect(live.json.banner.photo).toMatch(/^\/files\/banners\/[0-9a-f-]{36}\.png$/);
    const planned = await create(3, 10);
    expect(planned.json.banner.status).toBe('PLANNED');
    expect(planned.json.banner.order).toBe(live.json.banner.order + 1);
    const ended = await create(-5, -1);
    expect(ended.status).toBe(200);
    const list = (await marketer.get(t.api.marketing.banners)).json;
    const ids = list.banners.map((banner) => banner.banner_id);
    expect(ids).toContain(live.json.banner.banner_id);
    expect(ids).not.toContain(ended.json.banner.banner_id);
    expect(list.headers.map((header) => header.key)).toContain('status');
  });

  it('refuses an end before the start, an upload id that was never uploaded, and stores nothing', async () => {
    const before = (await t.api.db.select().from(banners)).length;
    const backwards = await create(5, 1);
    expect(backwards.status).toBe(400);
    expect(backwards.error.field).toBe('end_date');
    const urls = (await marketer.post(t.api.marketing.uploadUrls, {}, { files_list: ['x.png'] })).json;
    const unused = /uploads\/([0-9a-f-]{36})/.exec(urls['x.png'] ?? '')?.[1];
    const notUploaded = await create(0, 3, { photo_upload_id: unused });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.error.code).toBe('upload_not_found');
    expect((await t.api.db.select().from(banners)).length).toBe(before);
  });

  it('reorders every listed banner, refuses a partial order, and deletes with the ones after moving up', async () => {
    await create(0, 4);
    const listed = (await marketer.get(t.api.marketing.banners)).json.banners.map((banner) => banner.banner_id);
    const reversed = [...listed].reverse();
    const reordered = await marketer.put(t.api.marketing.reorderBanners, {}, { banner_ids: reversed });
    expect(reordered.status).toBe(200);
    expect(reordered.json.banners.map((banner) => banner.banner_id)).toEqual(reversed);
    const partial = await marketer.put(t.api.marketing.reorderBanners, {}, { banner_ids: reversed.slice(1) });
    expect(partial.status).toBe(400);
    const [first, second] = reordered.json.banners;
    if (!first || !second) throw new Error('expected two banners');
    expect((await marketer.delete(t.api.marketing.deleteBanner, { banner_id: first.banner_id })).status).toBe(200);
    const after = (await marketer.get(t.api.marketing.banners)).json.banners;
    expect(after[0]?.banner_id).toBe(second.banner_id);
    expect(after[0]?.order).toBe(first.order);
    expect((await marketer.delete(t.api.marketing.deleteBanner, { banner_id: first.banner_id })).status).toBe(404);
  });
});
