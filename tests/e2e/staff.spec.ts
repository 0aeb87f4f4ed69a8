import { expect, test } from '@playwright/test';
import { apiAs, emailOf, signIn } from './support';

/** Calls a staff action as the ADMIN through the API (a mutation: bearer and cross-site token). */
async function asAdmin(baseURL: string, path: string, method: 'post' | 'put', data?: unknown): Promise<void> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await api[method](path, { headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf }, data });
  expect(answer.status(), await answer.text()).toBe(200);
  await api.dispose();
}

async function staffIdOf(baseURL: string, email: string): Promise<number> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.get('/admin/staff', { headers: { Authorization: `Bearer ${token}` } });
  const rows = ((await answer.json()) as { staff: { id: number; email: string }[] }).staff;
  await api.dispose();
  const row = rows.find((each) => each.email === email);
  if (!row) throw new Error(`no staff ${email}`);
  return row.id;
}

test('a deactivation counts at once: the person’s open console goes to sign-in at their next request', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const id = await staffIdOf(base, emailOf('PARTNERS_MANAGER'));
  await signIn(page, 'PARTNERS_MANAGER', '/users/all-users');
  await expect(page.getByRole('grid', { name: 'All customers' })).toBeVisible();
  await asAdmin(base, `/admin/staff/${id}/actions/deactivate`, 'post');
  try {
    // The next request (a sort: a new page of the list) is refused, and the console signs out.
    await page.getByRole('grid', { name: 'All customers' }).focus();
    await page.goto('/users/all-users?sort=email:asc');
    await expect(page).toHaveURL(/\/login/);
  } finally {
    await asAdmin(base, `/admin/staff/${id}/actions/activate`, 'post');
  }
  await signIn(page, 'PARTNERS_MANAGER');
});

test('the staff page, by keyboard: an admin reads the accounts and opens a row’s actions', async ({ page }) => {
  await signIn(page, 'ADMIN', '/operations-center/staff');
  const grid = page.getByRole('grid', { name: 'Staff' });
  await expect(grid).toBeFocused();
  await expect(grid.locator('[data-row-id]').first()).toBeVisible();
  await page.keyboard.press('.');
  await expect(page.getByRole('menuitem', { name: 'Change staff role' })).toBeVisible();
  await page.keyboard.press('Escape');
});
