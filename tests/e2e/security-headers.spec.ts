import { expect, test } from '@playwright/test';
import { activeCustomer, signInByForm } from './support';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
});

test('the console runs under its strict CSP in both themes without a single violation', async ({ page, baseURL }) => {
  const first = await page.goto('/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(first?.headers()['x-frame-options']).toBe('DENY');
  await signInByForm(page, 'ADMIN');
  const customer = await activeCustomer(baseURL ?? '');
  await page.goto(`/users/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('give credit');
  await page.keyboard.press('Escape');
  await page.goto('/users/all-users');
  await expect(page.getByRole('grid').or(page.getByRole('table')).first()).toBeVisible();
  await page.evaluate(() => localStorage.setItem('loupe.theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});

test('signing in over http://localhost works with Secure cookies; the device cookie is HttpOnly', async ({ page }) => {
  await signInByForm(page, 'SUPPORT_PL1');
  const cookies = await page.context().cookies();
  const device = cookies.find((cookie) => cookie.name === 'loupe_device');
  expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/admin/auth' });
  expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.secure).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('loupe_device');
});
