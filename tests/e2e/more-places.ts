import { expect, type Page } from '@playwright/test';
import type { FinetuneHistoryAnswer, ProfilesAnswer } from '../../domain/profiles';
import type { Role } from '../../domain/roles';
import type { CustomerRow } from '../../domain/users';
import { settle, visit } from './console-pages';
import { apiAs, sendResetEmail } from './support';

/**
 * Reads what is on screen at one place (the code reader, or axe with it); `page` when the place is a page with nothing
 * drawn over it, where its tables can be measured too.
 */
export type Reader = (where: string, place?: 'page') => Promise<void>;

/**
 * Starts a small bulk run as `role` (signing the customer out of their devices, harmless to the other tests) so that
 * "My bulk runs" has a row and a run page to open; answers the run's id.
 */
export async function startBulkRun(baseURL: string, role: Role, customerId: number): Promise<number> {
  const { api, token } = await apiAs(role, baseURL);
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await api.post('/admin/bulk_runs', {
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
    data: { command: 'force_logout', target: { ids: [customerId] }, params: { reason: 'Walk of the console' } },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  const { id } = (await answer.json()) as { id: number };
  await api.dispose();
  return id;
}

/** A customer's profile with a finetune history of at least one model, for its history and shared-users panels. */
export async function profiledCustomer(baseURL: string): Promise<{ customerId: number; profileId: number }> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 100 },
  });
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users) {
    const { profiles } = (await (
      await api.get(`/admin/users/${user.id}/profiles`, { headers })
    ).json()) as ProfilesAnswer;
    for (const own of profiles.filter((profile) => profile.sharing?.type !== 'SHARED_WITH_ME')) {
      const history = (await (
        await api.get(`/admin/profiles/${own.id}/finetune-history`, { headers })
      ).json()) as FinetuneHistoryAnswer;
      if (history.rows.length === 0) continue;
      await api.dispose();
      return { customerId: user.id, profileId: own.id };
    }
  }
  throw new Error('No demo customer with a profile that has a model');
}

/** Focuses the first row of the page's first table by keyboard (the table, then j), once its rows are there. */
async function focusFirstRow(page: Page): Promise<void> {
  const grid = page.getByRole('grid').first();
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  await grid.focus();
  await page.keyboard.press('j');
}

/** Opens the row menu of the first row of the page's first table by keyboard (j, then `.`), reads it, closes it. */
export async function readRowMenu(page: Page, read: Reader, path: string): Promise<void> {
  await focusFirstRow(page);
  await page.keyboard.press('.');
  await expect(page.getByRole('menu')).toBeVisible();
  await read(`row menu of ${path}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

/** Opens the first row of the page's first table with Enter, then reads the dialog it opens and closes it. */
async function readRowDialog(page: Page, read: Reader, path: string): Promise<void> {
  await focusFirstRow(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await read(`e-mail dialog of ${path}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

/**
 * What the extra places need arranged through the API: a profile with a model, a bulk run of the role's, an e-mail to
 * the customer.
 */
export type MorePlaces = Promise<{ profiled: { customerId: number; profileId: number }; run: number }>;

/** Starts arranging the extra places at once, so that it runs while the walk reads the pages. */
export function arrangeMorePlaces(baseURL: string, role: Role, customerId: number): MorePlaces {
  return Promise.all([
    profiledCustomer(baseURL),
    startBulkRun(baseURL, role, customerId),
    sendResetEmail(baseURL, customerId),
  ]).then(([profiled, run]) => ({ profiled, run }));
}

/** The lists whose first row's menu the walk opens, per role (the bulk runs and e-mails open a row on Enter instead). */
function rowMenuPages(role: Role): string[] {
  const pages = ['/pending-projects', '/models'];
  if (role !== 'ADMIN') return pages;
  return [
    ...pages,
    '/partners-management/partners',
    '/partners-management/partner-activities',
    '/partners-management/marketing-activities',
    '/partners-management/bundles',
    '/operations-center/offer-generator',
    '/operations-center/notifications',
    '/operations-center/staff',
  ];
}

/**
 * On a page the walk stands on (it has read it), opens what the page holds and reads it too, once per walk: the first
 * row's menu, or the first e-mail (the customer's e-mails; as ADMIN the outbox). The page is not visited again for it.
 * Before the customer's e-mails page is visited, `arranged` must have been awaited (its e-mail is what opens).
 */
export async function readOnPage(page: Page, read: Reader, role: Role, path: string, opened: Set<string>) {
  if (opened.has(path)) return;
  opened.add(path);
  if (rowMenuPages(role).includes(path)) await readRowMenu(page, read, path);
  if (/^\/users\/\d+\/emails$/.test(path) || (role === 'ADMIN' && path === '/operations-center/outbox'))
    await readRowDialog(page, read, path);
}

/**
 * The places the page walk does not reach by address alone (issue 18 item 6): the customer's edit view, a profile's
 * panels, a bulk run's page; as ADMIN also an A/B test's page, a filled notification compose pane with its send form,
 * and the banner upload pane. (Row menus and e-mails are opened where the page walk stands: `readOnPage`.)
 */
export async function walkMorePlaces(page: Page, read: Reader, role: Role, customerId: number, arranged: MorePlaces) {
  const { profiled, run } = await arranged;
  const customer = `/users/${customerId}`;
  await visit(page, `${customer}/general?edit=1`);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await read('customer edit view', 'page');
  for (const panel of ['history', 'shared']) {
    await visit(page, `/users/${profiled.customerId}/profiles?${panel}=${profiled.profileId}`);
    const title = panel === 'history' ? /^Finetune history ·/ : /^Shared with ·/;
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await read(`profile panel ${panel}`, 'page');
  }
  await visit(page, `/bulk-runs/${run}`);
  await expect(page.getByTestId('bulk-run-counts')).toBeVisible();
  await read('bulk run page', 'page');

  if (role === 'ADMIN') await readAdminPanes(page, read);
}

/** ADMIN's panes: an A/B test's page, the notification compose pane filled in and its send form, the banner upload. */
async function readAdminPanes(page: Page, read: Reader): Promise<void> {
  await visit(page, '/operations-center/ab-tests');
  await page.locator('main a[href^="/operations-center/ab-tests/"]').first().click();
  await expect(page).toHaveURL(/\/ab-tests\/\d+/);
  await settle(page);
  await read('A/B test page', 'page');

  await visit(page, '/operations-center/notifications');
  const compose = page.getByRole('region', { name: 'Compose' });
  await compose.getByLabel('Title').fill('Spring offer');
  await compose.getByLabel('Text').fill('Half off every edit this week.');
  await expect(page.getByRole('button', { name: /Copy/ }).first()).toBeEnabled();
  await read('notification compose pane, filled');
  await compose.getByRole('button', { name: 'Send to a segment…' }).click();
  await expect(page.locator('[cmdk-dialog]')).toBeVisible();
  await settle(page);
  await read('notification send form');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.locator('[cmdk-dialog]')).toBeHidden();

  await visit(page, '/operations-center/banners?upload=1');
  await read('banner upload pane', 'page');
}
