import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { apiAs, signIn } from './support';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG (a gradient) of the given size, as a file the browser's file chooser is handed. */
function png(width: number, height: number): { name: string; mimeType: string; buffer: Buffer } {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([(x * 255) / width, (y * 255) / height, 160], 1 + x * 3);
    return row;
  });
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: `banner-${width}x${height}.png`, mimeType: 'image/png', buffer };
}

/** Presses Tab until `target` has focus (keyboard only, as a person would). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** The focused file input's chooser, opened with the keyboard (Space), given a file. */
async function chooseWithKeyboard(page: Page, file: ReturnType<typeof png>) {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
}

/** Runs a palette command by typing its title. */
async function runFromPalette(page: Page, title: string) {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(title);
  await expect(page.getByRole('option', { name: new RegExp(`^${title}`) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('keyboard only, as MARKETER_PLUS: upload a banner with progress and schedule it (PLANNED); send a notification to active customers in GB, watch it reach done, see it on a customer’s tab', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'MARKETER_PLUS');

  // Banner: the palette's "Upload banner images" opens the upload panel with the desktop picker focused.
  await runFromPalette(page, 'Upload banner images');
  await expect(page).toHaveURL(/\/operations-center\/banners\?upload=1$/);
  const desktop = page.getByLabel('Desktop image', { exact: true });
  await expect(desktop).toBeFocused();
  await chooseWithKeyboard(page, png(1200, 300));
  await expect(page.getByLabel('Desktop image upload progress')).toBeVisible();
  await expect(page.getByText('Uploaded 1200×300')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Desktop image preview' })).toBeVisible();
  await tabTo(page, page.getByLabel('Mobile image', { exact: true }));
  await chooseWithKeyboard(page, png(600, 300));
  await expect(page.getByText('Uploaded 600×300')).toBeVisible();
  expect(
    await page.getByLabel('Mobile image upload progress').evaluate((bar) => (bar as HTMLProgressElement).value),
  ).toBe(1);

  await tabTo(page, page.getByRole('button', { name: 'Create banner…' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Create banner form' });
  await expect(form).toBeVisible();
  await tabTo(page, form.getByLabel('Starts'));
  const start = day(10);
  await page.keyboard.type(start);
  await tabTo(page, form.getByLabel('Ends'));
  const end = day(20);
  await page.keyboard.type(end);
  await tabTo(page, form.getByLabel('Opens'));
  await page.keyboard.type('/offers/spring');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  const banners = page.getByRole('table', { name: 'Banners' });
  await expect(banners.getByRole('row').filter({ hasText: '/offers/spring' })).toContainText('Planned');

  // Notification: a deep link prefills the send command; the confirmation names the pre-flight count.
  const { api, token } = await apiAs('ADMIN', baseURL as string);
  const segment = [
    { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
    { kind: 'multi', column: 'country', op: 'equal', value: ['GB'] },
  ];
  const filtered = await api.post('/admin/users/users_filter', {
    headers: { Authorization: `Bearer ${token}` },
    data: { filters: segment, page_size: 1 },
  });
  const { users, meta } = (await filtered.json()) as { users: CustomerRow[]; meta: { total_number_of_users: number } };
  await api.dispose();
  const count = meta.total_number_of_users.toLocaleString('en-US');
  const title = `Film presets ${Date.now()}`;
  await page.goto(
    `/operations-center/notifications?run=notification.send&category=NEW&segment_status=ACTIVE&segment_country=GB&title=${encodeURIComponent(title)}`,
  );
  const sendForm = page.getByRole('form', { name: 'Send notification form' });
  await expect(sendForm).toBeVisible();
  await tabTo(page, sendForm.getByLabel('Text'));
  await page.keyboard.type('Try the new film presets in the editor.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(`Sends “${title}” to ${count} customers (active customers in GB).`)).toBeVisible();
  await page.keyboard.press('Enter');

  const row = page.getByRole('grid', { name: 'Notifications' }).getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('progressbar', { name: `${count} of ${count}` })).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Sent');
  await expect(row).not.toContainText('Pending'); // status Sent, sending state Sent

  const customer = users[0];
  if (!customer) throw new Error('No active customer in GB in the demo data');
  await page.goto(`/users/${customer.id}/notifications`);
  await expect(page.getByText(title)).toBeVisible();
});
