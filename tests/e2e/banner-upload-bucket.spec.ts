import { expect, test } from '@playwright/test';
import { shortTokenServer, signIn } from './support';

// The second e2e server keeps banner images in a bucket (s3rver, tests/e2e/server.ts): the browser PUTs each file to
// a presigned URL on another origin (CORS, CSP connect-src), then the console reports it for the server to check.
test.use({ baseURL: shortTokenServer });

/** A real PNG from the browser's own canvas, as a file the chooser is handed. */
async function canvasPng(page: import('@playwright/test').Page, width: number, height: number) {
  const data = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#3a7';
      context.fillRect(0, 0, w, h);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    [width, height] as const,
  );
  return { name: `banner-${width}x${height}.png`, mimeType: 'image/png', buffer: Buffer.from(data) };
}

test('bucket mode: upload both banner images with progress and previews, refuse a text file named .png', async ({
  page,
}) => {
  await signIn(page, 'MARKETER_PLUS');
  await page.goto('/operations-center/banners?upload=1');
  const desktop = page.getByLabel('Desktop image', { exact: true });
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') uploads.push(new URL(request.url()).pathname);
  });

  await desktop.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('only text\n'.repeat(50)),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.png' })).toContainText('not a PNG, JPEG or WebP');

  await desktop.setInputFiles(await canvasPng(page, 1200, 300));
  await expect(page.getByText('Uploaded 1200×300')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Desktop image preview' })).toBeVisible();
  await page.getByLabel('Mobile image', { exact: true }).setInputFiles(await canvasPng(page, 600, 300));
  await expect(page.getByText('Uploaded 600×300')).toBeVisible();
  expect(
    await page.getByLabel('Mobile image upload progress').evaluate((bar) => (bar as HTMLProgressElement).value),
  ).toBe(1);
  // Every PUT went to the bucket's incoming/ folder, none to this server's /uploads.
  expect(uploads.length).toBe(3);
  for (const path of uploads) expect(path).toMatch(/\/incoming\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Create banner…' })).toBeEnabled();
});
