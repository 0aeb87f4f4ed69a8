import { expect, type Page, test } from '@playwright/test';
import type { Header } from '../../domain/tables';
import { apiAs, signIn } from './support';

/** Every header of the all-users table, as the server lists them. */
async function allUserColumns(baseURL: string): Promise<Header[]> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.post('/admin/users/users_filter', {
    headers: { Authorization: `Bearer ${token}` },
    data: { filters: [], page_size: 1 },
  });
  expect(answer.status()).toBe(200);
  const { headers } = (await answer.json()) as { headers: Header[] };
  await api.dispose();
  return headers;
}

/** The header labels whose text is cut off (wider than the room they have). */
async function clippedHeaders(page: Page): Promise<string[]> {
  return page
    .getByRole('grid', { name: 'All customers' })
    .locator('thead th .truncate')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent ?? ''),
    );
}

/** How far the page itself scrolls sideways (tables may scroll inside their frame; the page must not). */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.getElementById('main') as HTMLElement;
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, main.scrollWidth - main.clientWidth);
  });
}

for (const width of [1280, 600]) {
  test(`every column header of the all-users table reads in full at ${width} px, with every column shown`, async ({
    page,
    baseURL,
  }) => {
    const headers = await allUserColumns(baseURL as string);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'ADMIN');
    await page.goto(`/users/all-users?cols=${headers.map((header) => header.key).join(',')}`);
    const grid = page.getByRole('grid', { name: 'All customers' });
    await expect(grid.locator('tbody tr').first()).toBeVisible();
    await expect(grid.getByRole('columnheader')).toHaveCount(headers.length);
    expect(await clippedHeaders(page)).toEqual([]);
    expect(await pageOverflow(page)).toBe(0);
  });
}

test('at 600 px a customer page is usable: top navigation, name and actions, facts, no sideways page scroll, the palette form fits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await signIn(page, 'ADMIN');
  await page.goto('/users/all-users');
  const grid = page.getByRole('grid', { name: 'All customers' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
  await grid.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/\d+\/general$/);

  const areas = page.getByRole('navigation', { name: 'Areas' });
  const areasBox = await areas.boundingBox();
  expect(areasBox?.width).toBeGreaterThan(500);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect((await heading.boundingBox())?.width).toBeGreaterThan(100);
  await expect(page.getByRole('list', { name: 'Customer facts' })).toBeVisible();
  const suspend = page.getByRole('button', { name: /^Suspend/ });
  await expect(suspend).toBeInViewport();
  await expect(page.getByRole('region', { name: 'At a glance' })).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Give credit');
  await expect(page.getByRole('option', { name: /^Give credit/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const amount = page.getByLabel('Amount');
  await expect(amount).toBeFocused();
  const palette = await page.locator('[cmdk-dialog]').boundingBox();
  expect(palette?.x).toBeGreaterThanOrEqual(0);
  expect((palette?.x ?? 0) + (palette?.width ?? 0)).toBeLessThanOrEqual(600);
  await expect(page.getByRole('button', { name: /^Continue/ })).toBeInViewport();
});
