import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

const grid = (page: Page) => page.getByRole('grid', { name: 'All customers' });

async function firstRowIds(page: Page, count = 8): Promise<string[]> {
  const rows = grid(page).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll(
    (elements, n) => elements.slice(0, n).map((row) => row.getAttribute('data-row-id') ?? ''),
    count,
  );
}

async function addFilter(page: Page, column: string, values: string[]): Promise<void> {
  await page.getByRole('button', { name: '+ Filter' }).click();
  await page.getByLabel('Column').selectOption({ label: column });
  for (const value of values) await page.getByRole('checkbox', { name: value, exact: true }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('filter all users by country and status, sort by date added; the URL brings the same view back', async ({
  page,
}) => {
  await signIn(page, 'ADMIN');
  await page.goto('/users/all-users');
  const total = page.getByTestId('users-total');
  await expect(total).toHaveText(/5,000/);

  await addFilter(page, 'Country', ['US', 'GB']);
  await expect(page.getByRole('button', { name: 'Edit filter: Country is US, GB' })).toBeVisible();
  await expect(total).not.toHaveText(/5,000/);
  const inCountries = (await total.textContent()) ?? '';
  await addFilter(page, 'Status', ['Active']);
  await expect(page.getByRole('button', { name: 'Edit filter: Status is Active' })).toBeVisible();
  // The total answers the request with both filters (read too early, it was the countries' total).
  await expect(total).not.toHaveText(inCountries);
  await grid(page).getByRole('button', { name: 'Date added', exact: true }).click();
  await expect(page).toHaveURL(/\?f=country:multi:equal:US,GB&f=status:multi:equal:ACTIVE&sort=date_added$/);
  await expect(grid(page).getByRole('columnheader', { name: /Date added/ })).toHaveAttribute('aria-sort', 'ascending');

  const filtered = Number((await total.textContent())?.replace(/\D/g, ''));
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(5000);
  const statuses = await grid(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.slice(0, 10).map((row) => row.textContent ?? ''));
  for (const text of statuses) expect(text).toMatch(/active/i);
  const before = await firstRowIds(page);

  await page.reload();
  await expect(total).toHaveText(String(filtered.toLocaleString('en-US')));
  await expect(page.getByRole('button', { name: 'Edit filter: Country is US, GB' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit filter: Status is Active' })).toBeVisible();
  expect(await firstRowIds(page)).toEqual(before);

  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByTestId('users-total')).toHaveText(String(filtered.toLocaleString('en-US')));
  expect(await firstRowIds(other)).toEqual(before);
});

test('keyboard only: j/k move the row focus, Enter opens the customer, "." opens the row menu', async ({ page }) => {
  await signIn(page, 'ADMIN');
  await page.goto('/users/all-users');
  await expect(grid(page)).toBeFocused();
  const ids = await firstRowIds(page, 3);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(grid(page).locator('tr[aria-selected="true"]')).toHaveAttribute('data-row-id', ids[1] as string);

  await page.keyboard.press('.');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Suspend/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(grid(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${ids[1]}/general$`));
});

test('a marketer’s row menu shows suspend disabled, saying who may, in words', async ({ page }) => {
  await signIn(page, 'MARKETER_PLUS');
  await page.goto('/users/all-users?f=status:multi:equal:ACTIVE');
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const suspend = page.getByRole('menu').getByRole('menuitem', { name: /Suspend/ });
  await expect(suspend).toHaveAttribute('aria-disabled', 'true');
  await expect(suspend).toContainText('Only admins, PL2 agents and support masters may suspend customers');
  const items = page.getByRole('menuitem');
  const position = (await items.allTextContents()).findIndex((text) => text.startsWith('Suspend'));
  for (let step = 0; step < position; step += 1) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu')).toHaveAttribute('aria-activedescendant', new RegExp(`-${position}$`));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a date filter from a link means that day where the reader is: the call carries the zone, every row shows the day', async ({
    page,
  }) => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const shownAt = /(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}), \d{2}:\d{2}/;
    const daysShown = (target: Page) =>
      grid(target)
        .locator('tbody tr')
        .evaluateAll((rows, pattern) => {
          const reads = new RegExp(pattern);
          return rows.map(
            (row) =>
              reads
                .exec(row.textContent ?? '')
                ?.slice(1, 4)
                .join(' ') ?? '',
          );
        }, shownAt.source);
    await signIn(page, 'ADMIN');
    await page.goto('/users/all-users?sort=-date_added');
    await expect(grid(page).locator('tbody tr').first()).toContainText(shownAt);
    const [newest] = await daysShown(page);
    expect(newest).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const [day, month, year] = (newest ?? '').split(' ');
    const iso = `${year}-${String(months.indexOf(month ?? '') + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

    for (const sort of ['-date_added', 'date_added']) {
      const asked = page.waitForRequest(
        (request) => request.url().endsWith('/users/users_filter') && (request.postData() ?? '').includes(iso),
      );
      await page.goto(`/users/all-users?f=date_added:date:on:${iso}&sort=${sort}`);
      expect((await asked).postDataJSON()).toMatchObject({
        filters: [{ kind: 'date', column: 'date_added', op: 'on', value: iso }],
        time_zone: 'Asia/Tokyo',
      });
      await expect(page.getByRole('button', { name: /^Edit filter: Date added/ })).toBeVisible();
      await expect(grid(page).locator('tbody tr').first()).toContainText(shownAt);
      // Newest first and oldest first: the day's both ends, read in Tokyo, are that day in Tokyo.
      const shown = await daysShown(page);
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set([newest]));
    }
  });
});
