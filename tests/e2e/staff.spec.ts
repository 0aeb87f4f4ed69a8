import { expect, test } from '@playwright/test';
import { capturedMailTo } from './mail-capture';
import { apiAs, emailOf, shortTokenServer, signIn, signInByForm } from './support';

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
  await signInByForm(page, 'PARTNERS_MANAGER');
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

test('an admin changes a person’s role from a deep link, and that person’s open console loses the area', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const id = await staffIdOf(base, emailOf('PARTNERS_MANAGER'));
  await signIn(page, 'PARTNERS_MANAGER', '/partners-management/partners');
  const areas = page.getByRole('navigation', { name: 'Areas' });
  await expect(areas.getByRole('link', { name: 'Partners' })).toBeVisible();
  const adminContext = await browser.newContext({ baseURL: base });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, 'ADMIN', `/operations-center/staff?run=staff.change-role&staff_id=${id}&role=SUPPORT_PL1`);
    await expect(admin.getByLabel('Role', { exact: true })).toHaveValue('SUPPORT_PL1');
    await admin.keyboard.press('Control+Enter');
    await expect(admin.getByText(/next request is made as Support PL1:/)).toBeVisible();
    await admin.keyboard.press('Enter');
    await expect(admin.getByText('Role changed to Support PL1')).toBeVisible();
    // Their next request (another tab of the area) is refused: the console learns the role and the area goes.
    await page.getByRole('link', { name: 'Partner activities' }).click();
    await expect(areas.getByRole('link', { name: 'Partners' })).toHaveCount(0);
    await expect(areas.getByRole('link', { name: 'Users' })).toBeVisible();
  } finally {
    await asAdmin(base, `/admin/staff/${id}/role`, 'put', { role: 'PARTNERS_MANAGER' });
    await adminContext.close();
  }
});

test('an invitation e-mail’s link sets a password once, and the new person signs in with it', async ({ browser }) => {
  // The second server delivers its e-mails to a capturing inbox (playwright.config.ts, tests/e2e/mail-capture.ts).
  const base = shortTokenServer;
  const email = `invited.${Date.now()}@staff.example`;
  await asAdmin(base, '/admin/staff', 'post', { first_name: 'Ines', last_name: 'Invited', email, role: 'SUPPORT_PL1' });
  const port = new URL(base).port;
  await expect.poll(() => capturedMailTo(port, email).length, { timeout: 20_000 }).toBe(1);
  const mail = capturedMailTo(port, email)[0];
  expect(mail?.subject).toBe('You are invited to Loupe');
  const link = /\/set-password#token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link, mail?.text).toBeTruthy();
  const password = 'harbour lantern quietly 42';
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { name: 'Choose your Loupe password' })).toBeVisible();
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('The same again').fill(password);
    await page.getByLabel('The same again').press('Enter');
    await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

    const again = await context.newPage();
    await again.goto(link ?? '');
    await again.getByLabel('New password').fill(`${password} again`);
    await again.getByLabel('The same again').fill(`${password} again`);
    await again.getByLabel('The same again').press('Enter');
    await expect(again.getByText(/not valid|used|expired/i).first()).toBeVisible();
    await again.close();

    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel(/password/i).fill(password);
    await page.getByLabel(/password/i).press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: /search or run/i })).toBeVisible();
  } finally {
    await context.close();
  }
});
