import { expect, test } from '@playwright/test';
import { shortTokenServer, signIn } from './support';

test.use({ baseURL: shortTokenServer });

test('with a 2-second access token, work goes on across expiry without a hitch', async ({ page }) => {
  await signIn(page, 'SUPPORT_MASTER');
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/admin/auth/refresh')) refreshes.push(response.status());
  });
  for (const query of ['gmail', 'outlook', 'icloud']) {
    await page.waitForTimeout(2500);
    await page.goto(`/users/search?q=${query}`);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page).toHaveURL(/\/users\/search/);
  }
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  await expect(page.getByText('Server error')).toHaveCount(0);
});

test('a revoked refresh token ends on /login', async ({ page, request }) => {
  await signIn(page, 'SUPPORT_PL1');
  const refreshToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth') ?? '{}').refreshToken as string,
  );
  const logout = await request.post('/admin/auth/logout', { headers: { Authorization: `Bearer ${refreshToken}` } });
  expect(logout.status()).toBe(200);
  await page.waitForTimeout(2500);
  await page.goto('/users/search?q=gmail');
  await expect(page).toHaveURL(/\/login/);
});
