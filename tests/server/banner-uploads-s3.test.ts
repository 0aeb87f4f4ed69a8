import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { bannerUploadUrls, releaseDeletedBannerImages } from './support/banner-uploads';
import { pngImage } from './support/images';
import { type Client, useTestApi } from './support/test-api';
import { bucketForFile } from './support/test-bucket';

// Before the apps of the describe blocks are built: they read S3_* from the environment.
const held = bucketForFile();

const idOf = (url: string) => /\/incoming\/([0-9a-f-]{36})\?/.exec(url)?.[1] ?? '';
const putToBucket = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/png' } });

describeEachBackend('banner uploads in an S3-compatible bucket: presigned PUT, then complete', (backend) => {
  const t = useTestApi(backend);
  let marketer: Client;
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  const urlsFor = bannerUploadUrls(
    () => t.api,
    () => marketer,
  );
  const complete = (url: string) => marketer.post(t.api.marketing.completeUpload, { upload_id: idOf(url) });
  /** Uploads a PNG end to end and answers its upload id. */
  async function uploaded(name: string, image = pngImage(320, 100)): Promise<string> {
    const { [name]: url = '' } = await urlsFor(name);
    expect((await putToBucket(url, image)).status).toBe(200);
    const done = await complete(url);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    return done.json.upload_id;
  }

  it('answers presigned bucket URLs (file name → URL, the upload id in the path), 15 minutes', async () => {
    const urls = await urlsFor('desktop.png', 'mobile.png');
    expect(Object.keys(urls)).toEqual(['desktop.png', 'mobile.png']);
    for (const url of Object.values(urls)) {
      expect(url.startsWith(held.bucket.objectUrl('incoming/'))).toBe(true);
      expect(url).toContain('X-Amz-Expires=900');
      expect(url).toContain('X-Amz-Signature=');
      const [row] = await t.api.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, idOf(url)));
      expect(row?.usedAt).toBeNull();
    }
  });

  it('lets the console send to the bucket: its origin is in the CSP connect-src, images still only from self', async () => {
    const answer = await t.api.inject({ method: 'GET', url: '/admin/marketing/banners' });
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain(`connect-src 'self' ${held.bucket.env.S3_ENDPOINT}`);
    expect(policy).toContain("img-src 'self' data: blob:");
  });

  it('stores a PNG put to the bucket once completed, serves it, and makes a banner of it', async () => {
    const image = pngImage(320, 100);
    const { 'desktop.png': url = '' } = await urlsFor('desktop.png');
    const id = idOf(url);
    expect((await putToBucket(url, image)).status).toBe(200);
    expect(await held.bucket.keys(`incoming/${id}`)).toEqual([`incoming/${id}`]);
    const done = await complete(url);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({
      upload_id: id,
      url: `/files/banners/${id}.png`,
      content_type: 'image/png',
      byte_size: expect.any(Number),
      width: 320,
      height: 100,
    });
    expect(await held.bucket.keys(`incoming/${id}`)).toEqual([]);
    expect(await held.bucket.keys(`banners/${id}`)).toEqual([`banners/${id}.png`]);
    const served = await t.api.inject({ method: 'GET', url: done.json.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(done.json.byte_size));
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The stored file is the re-encoded image (same pixels), not the bytes as sent.
    expect(
      (await sharp(served.rawPayload).removeAlpha().raw().toBuffer()).equals(await sharp(image).raw().toBuffer()),
    ).toBe(true);

    const mobile = await uploaded('mobile.png', pngImage(200, 100));
    const created = await marketer.post(
      t.api.marketing.createBanner,
      {},
      {
        banner_type: 'APP',
        photo_upload_id: id,
        mobile_photo_upload_id: mobile,
        start_date: new Date().toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
        redirect_url: '/offers',
      },
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.banner).toMatchObject({
      photo: `/files/banners/${id}.png`,
      mobile_photo: `/files/banners/${mobile}.png`,
    });
  });

  it('refuses a completed upload again (403) and a second PUT to its URL is never read', async () => {
    const { 'again.png': url = '' } = await urlsFor('again.png');
    expect((await putToBucket(url, pngImage(100, 100))).status).toBe(200);
    expect((await complete(url)).status).toBe(200);
    // The presigned URL still works at the bucket until it expires: it only rewrites an incoming object…
    expect((await putToBucket(url, pngImage(120, 120))).status).toBe(200);
    const again = await complete(url);
    expect(again.status).toBe(403);
    expect(again.json).toMatchObject({ code: 'upload_link_used' });
    // …which the claim never reads: the stored file is the first one.
    const [row] = await t.api.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, idOf(url)));
    expect(row).toMatchObject({ width: 100, height: 100 });
  });

  it('refuses a text file named .png: 400, deleted from the bucket, the URL still usable for a real image', async () => {
    const { 'banner.png': url = '' } = await urlsFor('banner.png');
    const id = idOf(url);
    expect((await putToBucket(url, Buffer.from('not an image, only text\n'.repeat(40)))).status).toBe(200);
    const refused = await complete(url);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'upload_not_image' });
    expect(await held.bucket.keys(`incoming/${id}`)).toEqual([]);
    expect(await held.bucket.keys(`banners/${id}`)).toEqual([]);
    const [row] = await t.api.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row?.usedAt).toBeNull();
    expect((await putToBucket(url, pngImage(100, 100))).status).toBe(200);
    expect((await complete(url)).status).toBe(200);
  });

  it('refuses a file over 5 MB and bad dimensions with the limits, leaving nothing in the bucket', async () => {
    const urls = await urlsFor('heavy.png', 'tiny.png');
    const heavy = urls['heavy.png'] ?? '';
    expect((await putToBucket(heavy, pngImage(100, 100, 5 * 1024 * 1024 + 10))).status).toBe(200);
    const tooLarge = await complete(heavy);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.json).toMatchObject({ code: 'upload_too_large' });
    expect(tooLarge.error.detail).toContain('at most 5.0 MB');
    const tiny = urls['tiny.png'] ?? '';
    expect((await putToBucket(tiny, pngImage(10, 10))).status).toBe(200);
    const small = await complete(tiny);
    expect(small.status).toBe(400);
    expect(small.error.detail).toBe('The image is 10×10 px; each side must be from 64 to 4096 px');
    for (const url of [heavy, tiny]) {
      expect(await held.bucket.keys(`incoming/${idOf(url)}`)).toEqual([]);
      expect(await held.bucket.keys(`banners/${idOf(url)}`)).toEqual([]);
    }
  });

  it('refuses completing before any PUT (400), an expired upload (403), and an unknown id (400)', async () => {
    const urls = await urlsFor('early.png', 'late.png');
    const early = await complete(urls['early.png'] ?? '');
    expect(early.status).toBe(400);
    expect(early.json).toMatchObject({ code: 'upload_not_uploaded' });
    const late = urls['late.png'] ?? '';
    expect((await putToBucket(late, pngImage(100, 100))).status).toBe(200);
    await t.api.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(uploads.id, idOf(late)));
    const expired = await complete(late);
    expect(expired.status).toBe(403);
    expect(expired.json).toMatchObject({ code: 'upload_link_expired' });
    expect(await held.bucket.keys(`incoming/${idOf(late)}`)).toEqual([]);
    const unknown = await marketer.post(t.api.marketing.completeUpload, { upload_id: crypto.randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'upload_not_found' });
  });

  it('has the bucket refuse a tampered presigned URL: another key, another signature, another expiry', async () => {
    const { 'a.png': url = '' } = await urlsFor('a.png');
    const otherKey = url.replace(idOf(url), crypto.randomUUID());
    const otherSignature = new URL(url);
    otherSignature.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    for (const tampered of [otherKey, otherSignature.href, longer.href]) {
      const answer = await putToBucket(tampered, pngImage(100, 100));
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain('SignatureDoesNotMatch');
    }
    expect(await held.bucket.keys('incoming/')).not.toContain(`incoming/${idOf(otherKey)}`);
    expect(await held.bucket.keys(`incoming/${idOf(url)}`)).toEqual([]);
  });

  it('deletes a banner’s images from the bucket once its undo window is past (not those another banner still shows)', async () => {
    const desktop = await uploaded('d.png');
    const mobile = await uploaded('m.png');
    const body = (photo: string, mobilePhoto: string) => ({
      banner_type: 'APP',
      photo_upload_id: photo,
      mobile_photo_upload_id: mobilePhoto,
      start_date: new Date().toISOString(),
      end_date: new Date(Date.now() + 86_400_000).toISOString(),
      redirect_url: '/offers',
    });
    const first = await marketer.post(t.api.marketing.createBanner, {}, body(desktop, mobile));
    const second = await marketer.post(t.api.marketing.createBanner, {}, body(desktop, desktop));
    expect([first.status, second.status]).toEqual([200, 200]);
    const removed = await marketer.delete(t.api.marketing.deleteBanner, { banner_id: first.json.banner.banner_id });
    expect(removed.status).toBe(200);
    // Kept while the delete can be undone; released by the job due after the window.
    expect(await held.bucket.keys(`banners/${mobile}`)).toEqual([`banners/${mobile}.png`]);
    await releaseDeletedBannerImages(t.api);
    expect(await held.bucket.keys(`banners/${mobile}`)).toEqual([]);
    expect(await held.bucket.keys(`banners/${desktop}`)).toEqual([`banners/${desktop}.png`]);
    expect((await t.api.inject({ method: 'GET', url: `/files/banners/${mobile}.png` })).statusCode).toBe(404);
    await marketer.delete(t.api.marketing.deleteBanner, { banner_id: second.json.banner.banner_id });
    await releaseDeletedBannerImages(t.api);
    expect(await held.bucket.keys(`banners/${desktop}`)).toEqual([]);
    const reused = await marketer.post(t.api.marketing.createBanner, {}, body(desktop, mobile));
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ code: 'upload_not_found' });
  });
});
