import { expect, test } from '@playwright/test';
import { failOnceMarker } from './faults';
import { apiAs, signIn } from './support';

const suspendedInGb = '/users/all-users?f=status:multi:equal:SUSPENDED&f=country:multi:equal:GB';

/** Suspends one active customer in GB with the marker whose first unsuspends fail (tests/e2e/faults.ts). */
async function suspendOneThatFailsOnce(baseURL: string): Promise<number> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const found = await api.post('/admin/users/users_filter', {
    headers,
    data: {
      filters: [
        { kind: 'multi', column: 'country', op: 'equal', value: ['GB'] },
        { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
      ],
      page_size: 1,
    },
  });
  expect(found.status()).toBe(200);
  const id = ((await found.json()) as { users: { id: number }[] }).users[0]?.id;
  if (!id) throw new Error('No active customer in GB');
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const suspended = await api.post(`/admin/users/${id}/actions/suspend`, {
    headers: { ...headers, 'X-XSRF-TOKEN': xsrf },
    data: { reason: 'OTHER', description: failOnceMarker },
  });
  expect(suspended.status()).toBe(200);
  await api.dispose();
  return id;
}

test('keyboard only: select every suspended customer in GB, unsuspend them in bulk, watch it finish, retry the failed one', async ({
  page,
  baseURL,
}) => {
  const failing = await suspendOneThatFailsOnce(baseURL ?? '');
  await signIn(page, 'SUPPORT_MASTER');
  await page.goto(suspendedInGb);
  const grid = page.getByRole('grid', { name: 'All customers' });
  await expect(grid.locator(`[data-row-id="${failing}"]`)).toBeVisible();
  const total = Number((await page.getByTestId('users-total').textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(1);

  // Ctrl+A selects the loaded rows; again, every customer the filter matches (the server selects them).
  await grid.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-bar')).toContainText(`${total} selected (all matching)`);

  // The palette offers the bulk form; the pre-flight names the count; Enter runs it.
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('unsuspend');
  await expect(page.getByRole('option', { name: new RegExp(`Unsuspend ${total} customers`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bulk-preflight')).toContainText(`${total} of ${total} customers will be acted on`);
  await expect(page.getByRole('button', { name: `Unsuspend ${total} customers` })).toBeFocused();
  await page.keyboard.press('Enter');

  // The progress toast follows the run to its end: one row failed on purpose.
  const progress = page.getByRole('status', { name: /Bulk run \d+/ });
  await expect(progress).toContainText(`Finished: ${total - 1} done · 0 skipped · 1 failed`, { timeout: 20_000 });
  // The list refreshed: only the failed customer is still suspended.
  await expect(page.getByTestId('users-total')).toHaveText('1');

  // Open the results by keyboard: the palette's "Bulk runs", Enter on the newest.
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('bulk runs');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bulk-runs$/);
  await expect(page.getByRole('grid', { name: 'My bulk runs' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bulk-runs\/\d+$/);
  const counts = page.getByTestId('bulk-run-counts');
  await expect(counts).toContainText(`${total - 1} done`);
  await expect(counts).toContainText('1 failed');
  await expect(page.getByRole('grid', { name: /Rows of bulk run/ })).toBeVisible();

  // Retry the failed one: only it runs again, and this time it goes through.
  const retry = page.getByRole('button', { name: 'Retry 1 failed' });
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(counts).toContainText(`${total} done`, { timeout: 20_000 });
  await expect(counts).toContainText('0 failed');
  const { api, token } = await apiAs('ADMIN', baseURL ?? '');
  const customer = await api.get(`/admin/users/${failing}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await customer.json()) as { users: { status: string }[] }).users[0]?.status).toBe('ACTIVE');
  await api.dispose();
});
