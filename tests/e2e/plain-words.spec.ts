import { expect, type Page, test } from '@playwright/test';
import { pagesOf, richCustomer, settle, visit, walkOptions } from './console-pages';
import { arrangeMorePlaces, readOnPage, readRowMenu, walkMorePlaces } from './more-places';
import { signIn, signInByForm } from './support';
import { CodeReader } from './visible-codes';

/** The overlays a support agent opens on a customer: keyboard help, the palette, a row menu. */
async function readOverlays(page: Page, codes: CodeReader, customerId: number): Promise<void> {
  await visit(page, `/users/${customerId}/general`);
  const help = page.getByRole('heading', { name: 'Keyboard shortcuts' });
  await page.locator('main').focus();
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await codes.check('keyboard help');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  const dialog = page.locator('[cmdk-dialog]');
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await settle(page);
  await codes.check('palette root');
  await page.keyboard.type('suspend');
  await settle(page);
  await codes.check('palette, a command the role may not run');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await visit(page, '/users/last-viewed');
  await readRowMenu(page, (where) => codes.check(where), '/users/last-viewed');
}

test.use(walkOptions);

for (const theme of ['dark', 'light'] as const) {
  test(`a support agent reads no value written as code on any page, tab or overlay, ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const customer = await richCustomer(baseURL as string);
    const arranged = arrangeMorePlaces(baseURL as string, 'SUPPORT_PL1', customer.id);
    await page.addInitScript((chosen) => window.localStorage.setItem('loupe.theme', chosen), theme);
    await signIn(page, 'SUPPORT_PL1');
    const codes = new CodeReader(page, 'SUPPORT_PL1', theme);
    const opened = new Set<string>();
    const read = (where: string) => codes.check(where);
    for (const path of pagesOf(customer.id)) {
      if (path.endsWith('/emails')) await arranged;
      // Pages the role may not open send it elsewhere with a toast saying who may: the toast is read too.
      await page.evaluate((to) => window.history.pushState(null, '', to), path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await settle(page);
      await codes.check(path);
      await readOnPage(page, read, 'SUPPORT_PL1', path, opened);
    }
    await readOverlays(page, codes, customer.id);
    await walkMorePlaces(page, read, 'SUPPORT_PL1', customer.id, arranged);
    console.log(codes.report());
    expect(codes.sightings, JSON.stringify(codes.sightings, null, 1)).toEqual([]);
  });
}

test('a forbidden shortcut says who may run it, in words', async ({ page, baseURL }) => {
  const customer = await richCustomer(baseURL as string);
  await signIn(page, 'SUPPORT_PL1', `/users/${customer.id}/general`);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.locator('main').focus();
  await page.keyboard.press('Shift+S');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Only admins, PL2 agents and support masters may suspend customers',
  );
  await expect(page.locator('[cmdk-dialog]')).toBeHidden();
});

test('a page the role may not open says who may, in words', async ({ page }) => {
  await signInByForm(page, 'SUPPORT_PL1', '/login?next=%2Foperations-center%2Fstaff');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    /Only admins, marketers and partner managers may open Operations center/,
  );
});
