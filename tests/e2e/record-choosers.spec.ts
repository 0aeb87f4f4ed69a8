import { expect, type Page, type Request, test } from '@playwright/test';
import type { AbTestRow } from '../../domain/ab-tests';
import type { ModelRow } from '../../domain/models';
import type { StaffRow } from '../../domain/staff';
import { apiAs, emailOf, signIn } from './support';

/**
 * Records by name on the operations pages (issue 18, item 1): a command's record parameter is a chooser; typing a
 * fragment of the record's name or e-mail lists it, Enter picks it, and the call carries exactly its id.
 */

function nextPost(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === path);
}

async function adminGet<T>(baseURL: string, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  // A change needs the XSRF cookie's token echoed (the sign-in set it).
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
  const answer = await api[method](path, { headers, data });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as T;
  await api.dispose();
  return body;
}

/** Opens a command from the palette by its title, on a page that is not a customer's. */
async function openCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(title);
  await expect(page.getByRole('option', { name: new RegExp(`^${title}`) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
}

/** Types a fragment into the focused chooser, checks the best option is the record, and picks it with Enter. */
async function pick(page: Page, label: string, fragment: string, id: number): Promise<void> {
  const chooser = page.getByLabel(label, { exact: true });
  await expect(chooser).toBeFocused();
  await page.keyboard.type(fragment);
  await expect(
    page
      .getByRole('listbox', { name: `${label} choices` })
      .getByRole('option')
      .first(),
  ).toContainText(`#${id}`);
  await page.keyboard.press('Enter');
  await expect(chooser).toHaveValue(new RegExp(`· #${id}$`));
}

test('model, A/B test, staff member and customer are picked by name, and the calls carry their ids', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL as string;
  const { models } = await adminGet<{ models: ModelRow[] }>(
    origin,
    'post',
    '/admin/models/model_management/get_models',
    {
      filters: [],
      page_size: 200,
    },
  );
  // An unlocked model that its full name ranks first: no newer model's name starts with it (ties keep newest first).
  const model = models.find(
    (row, index) =>
      row.name &&
      !row.locked &&
      !models.slice(0, index).some((other) => other.name.toLowerCase().startsWith(row.name.toLowerCase())),
  );
  if (!model) throw new Error('No unlocked demo model');
  const { tests } = await adminGet<{ tests: AbTestRow[] }>(origin, 'get', '/admin/a_b_testing');
  // Any running test (one is made when the demo's have all ended): the demo's feature labels repeat, so it is picked by
  // its number (`#id` ranks first).
  const running =
    tests.find((row) => !row.is_done) ??
    (
      await adminGet<{ test: AbTestRow }>(origin, 'post', '/admin/a_b_testing', {
        feature_id: 'chooser_check',
        feature_label: 'Chooser check',
        variants: [
          { name: 'control', percentage: 50 },
          { name: 'new', percentage: 50 },
        ],
      })
    ).test;
  const { staff } = await adminGet<{ staff: StaffRow[] }>(origin, 'get', '/admin/staff');
  const member = staff.find((row) => row.email === emailOf('SUPPORT_PL1'));
  if (!member) throw new Error('No SUPPORT_PL1 demo staff member');

  await signIn(page, 'ADMIN', '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Model: its name, then the lock message.
  await openCommand(page, 'Lock model');
  await pick(page, 'Model', model.name, model.id);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Checking a complaint');
  const locked = nextPost(page, `/admin/models/${model.id}/actions/lock`);
  await page.keyboard.press('Control+Enter');
  expect((await locked).postDataJSON()).toEqual({ message: 'Checking a complaint' });
  await expect(page.getByText(`Model #${model.id} locked`)).toBeVisible();

  // A/B test: its number.
  await openCommand(page, 'Finish A/B test');
  await pick(page, 'A/B test', `#${running.id}`, running.id);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog').locator('button[type=submit]')).toBeFocused();
  const finished = nextPost(page, `/admin/a_b_testing/${running.id}/finish`);
  await page.keyboard.press('Enter');
  await finished;
  await expect(page.getByText(`A/B test #${running.id} finished`)).toBeVisible();

  // Staff member: their e-mail (a detail of the option, not its name).
  await openCommand(page, 'End staff sessions');
  await pick(page, 'Staff member', member.email, member.id);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog').locator('button[type=submit]')).toBeFocused();
  const ended = nextPost(page, `/admin/staff/${member.id}/actions/end_sessions`);
  await page.keyboard.press('Enter');
  await ended;
  await expect(page.getByText('Sessions ended')).toBeVisible();

  // Customer: the search call, by the model owner's whole e-mail (an exact e-mail ranks first).
  await openCommand(page, 'Open customer by name or id');
  await pick(page, 'Customer', model.user_email, model.user_id);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${model.user_id}/`));
});
