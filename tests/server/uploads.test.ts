import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { uploadPath } from '../../server/files/upload-urls';
import { describeEachBackend } from './support/backends';
import { bannerUploadUrls, releaseDeletedBannerImages } from './support/banner-uploads';
import { pngImage } from './support/images';
import { type Client, testSecret, useTestApi } from './support/test-api';

const filesDir = mkdtempSync(join(tmpdir(), 'loupe-uploads-'));
process.env.FILES_DIR = filesDir;
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

function storedFiles(): string[] {
  try {
    return readdirSync(join(filesDir, 'banners'));
  } catch {
    return [];
  }
}

describeEachBackend('banner uploads: signed single-use URLs, bytes checked by content', (backend) => {
  const t = useTestApi(backend);
  let marketer: Client;
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  const urlsFor = bannerUploadUrls(
    () => t.api,
    () => marketer,
  );
  const put = (url: string, body: Buffer, contentType = 'image/png') =>
    t.api.inject({
      method: 'PUT',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      payload: body,
      headers: { 'content-type': contentType },
    });

  it('stores a PNG once: its facts are answered and it is served back; the same URL again is refused', async () => {
    const { 'desktop.png': url = '' } = await urlsFor('desktop.png');
    expect(url).toMatch(/\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const image = pngImage(320, 100);
    const first = await put(url, image);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ content_type: 'image/png', width: 320, height: 100 });
    const served = await t.api.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // What is served is the re-encoded image: the answered size is its size, and it decodes to the same pixels.
    expect(served.rawPayload.byteLength).toBe(answer.byte_size);
    const sent = await sharp(image).raw().toBuffer();
    expect((await sharp(served.rawPayload).removeAlpha().raw().toBuffer()).equals(sent)).toBe(true);
    const again = await put(url, pngImage(320, 100));
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toContain('already used');
  });

  it('refuses a text file named .png, an SVG, an empty body, and keeps the URL unused and nothing stored', async () => {
    const before = storedFiles().length;
    const { 'banner.png': url = '' } = await urlsFor('banner.png');
    const text = await put(url, Buffer.from('this is not an image at all, just text\n'.repeat(20)));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'upload_not_image' });
    const svg = await put(
      url,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"></svg>'),
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().detail).toContain('SVG');
    expect((await put(url, Buffer.alloc(0))).statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
    // The URL was not spent by refused bytes: a real image still goes through it.
    expect((await put(url, pngImage(200, 200))).statusCode).toBe(200);
  });

  it('refuses an image too small or too large in pixels, and a file over 5 MB, with the limits in the message', async () => {
    const before = storedFiles().length;
    const urls = await urlsFor('tiny.png', 'huge.png', 'heavy.png');
    const tiny = await put(urls['tiny.png'] ?? '', pngImage(10, 10));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().detail).toBe('The image is 10×10 px; each side must be from 64 to 4096 px');
    const huge = await put(urls['huge.png'] ?? '', pngImage(5000, 64));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('upload_bad_dimensions');
    const heavy = await put(urls['heavy.png'] ?? '', pngImage(100, 100, 5 * 1024 * 1024 + 10));
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().code).toBe('upload_too_large');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a forged signature and an expired URL with 403', async () => {
    const { 'a.png': url = '' } = await urlsFor('a.png');
    // Flip the signature's first character to a different one: a fixed replacement is a no-op one time in 64.
    const forgedUrl = url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect(forgedUrl).not.toBe(url);
    const forged = await put(forgedUrl, pngImage(100, 100));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('upload_link_invalid');
    const id = /uploads\/([0-9a-f-]{36})/.exec(url)?.[1] ?? '';
    const expired = await put(uploadPath(testSecret, id, Math.floor(Date.now() / 1000) - 1), pngImage(100, 100));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('upload_link_expired');
  });

  it('neutralises a PNG polyglot (HTML after the image ends): only the re-encoded pixels are stored and served', async () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const polyglot = Buffer.concat([pngImage(100, 100), html]);
    const { 'poly.png': url = '' } = await urlsFor('poly.png');
    const stored = await put(url, polyglot, 'text/html');
    expect(stored.statusCode, stored.body).toBe(200);
    const served = await t.api.inject({ method: 'GET', url: stored.json().url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('<html'))).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });
  });

  it('refuses a PNG header followed by HTML and no image data (it does not decode), storing nothing', async () => {
    const before = storedFiles().length;
    // The 8-byte signature and the 25-byte IHDR chunk of a real PNG (image-size reads 100×100 from them), then HTML.
    const header = pngImage(100, 100).subarray(0, 33);
    const polyglot = Buffer.concat([header, Buffer.from('<html><script>alert(1)</script></html>'.repeat(20))]);
    const { 'fake.png': url = '' } = await urlsFor('fake.png');
    const refused = await put(url, polyglot);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'upload_not_image' });
    expect(refused.json().detail).toContain('does not decode');
    expect(storedFiles().length).toBe(before);
  });

  it('stores a JPEG re-encoded: its metadata and a trailer after the image are dropped', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'exif-marker-to-drop' } })
      .toBuffer();
    const sent = Buffer.concat([jpeg, Buffer.from('<html>trailer</html>')]);
    expect(sent.includes(Buffer.from('exif-marker-to-drop'))).toBe(true);
    const { 'photo.jpg': url = '' } = await urlsFor('photo.jpg');
    const stored = await put(url, sent, 'image/jpeg');
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ content_type: 'image/jpeg', width: 200, height: 120 });
    expect(stored.json().url).toMatch(/\.jpg$/);
    const served = await t.api.inject({ method: 'GET', url: stored.json().url });
    expect(served.rawPayload.byteLength).toBe(stored.json().byte_size);
    expect(served.rawPayload.includes(Buffer.from('exif-marker-to-drop'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('<html'))).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 120 });
  });

  it('answers a forged signature 403 before reading the body: a slow 5 MB upload is cut off after its first chunks', async () => {
    const { 'slow.png': url = '' } = await urlsFor('slow.png');
    const forgedPath = url
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    const address = await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    const total = 5 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const outcome = await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const request = httpRequest(`${address}${forgedPath}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png', 'content-length': String(total) },
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      request.on('response', (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString(), written });
          request.destroy();
        });
      });
      // 64 KB every 20 ms: the whole body would take about 1.6 s.
      const send = () => {
        if (answered || written >= total) return;
        request.write(chunk);
        written += chunk.length;
        setTimeout(send, 20);
      };
      send();
    });
    expect(outcome.status).toBe(403);
    expect(JSON.parse(outcome.body)).toMatchObject({ code: 'upload_link_invalid' });
    expect(outcome.written).toBeLessThanOrEqual(512 * 1024);
  });

  it('answers 400 to completeUpload: here the PUT itself checked and stored the file', async () => {
    const { 'local.png': url = '' } = await urlsFor('local.png');
    const id = /uploads\/([0-9a-f-]{36})/.exec(url)?.[1] ?? '';
    expect((await put(url, pngImage(100, 100))).statusCode).toBe(200);
    const completed = await marketer.post(t.api.marketing.completeUpload, { upload_id: id });
    expect(completed.status).toBe(400);
    expect(completed.error.code).toBe('upload_not_in_bucket');
  });

  it('keeps a deleted banner’s images while its delete can be undone: an undo puts it back whole; then they go', async () => {
    const stored: string[] = [];
    for (const name of ['d.png', 'm.png']) {
      const { [name]: url = '' } = await urlsFor(name);
      stored.push((await put(url, pngImage(100, 100))).json().upload_id);
    }
    const created = await marketer.post(
      t.api.marketing.createBanner,
      {},
      {
        banner_type: 'APP',
        photo_upload_id: stored[0],
        mobile_photo_upload_id: stored[1],
        start_date: new Date().toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
        redirect_url: '/offers',
      },
    );
    expect(created.status).toBe(200);
    const bannerId = created.json.banner.banner_id;
    const served = async () =>
      (await t.api.inject({ method: 'GET', url: `/files/banners/${stored[1]}.png` })).statusCode;
    for (const id of stored) expect(storedFiles()).toContain(`${id}.png`);
    const removed = await marketer.delete(t.api.marketing.deleteBanner, { banner_id: bannerId });
    expect(removed.status).toBe(200);
    // Within the undo window the images stay; the undo puts the banner back in its place, its images served.
    for (const id of stored) expect(storedFiles()).toContain(`${id}.png`);
    const undone = await marketer.post(t.api.undo.undo, { audit_id: Number(removed.headers['loupe-audit-id']) });
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    const listed = await marketer.get(t.api.marketing.banners);
    expect(listed.json.banners.map((row) => row.banner_id)).toContain(bannerId);
    expect(await served()).toBe(200);
    // The first delete's release, once due, finds the images shown again and keeps them.
    await releaseDeletedBannerImages(t.api);
    for (const id of stored) expect(storedFiles()).toContain(`${id}.png`);
    // Deleted again, and past the undo window: the images go.
    expect((await marketer.delete(t.api.marketing.deleteBanner, { banner_id: bannerId })).status).toBe(200);
    await releaseDeletedBannerImages(t.api);
    for (const id of stored) expect(storedFiles()).not.toContain(`${id}.png`);
    expect(await served()).toBe(404);
  });

  it('refuses bad upload_urls bodies: no files, duplicate names, a path in a name', async () => {
    const before = (await t.api.db.select().from(uploads)).length;
    for (const files_list of [[], ['a.png', 'a.png'], ['../x.png'], Array.from({ length: 11 }, (_, i) => `${i}.png`)]) {
      expect((await marketer.post(t.api.marketing.uploadUrls, {}, { files_list })).status).toBe(400);
    }
    expect((await t.api.db.select().from(uploads)).length).toBe(before);
  });
});
