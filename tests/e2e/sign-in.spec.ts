import { expect, test } from '@playwright/test';
import type { Role } from '../../domain/roles';
import { emailOf, roles, signInByForm } from './support';

/** The areas each role may open, transcribed from console-spec §6 (see_models, partner_managment, view_operations_center). */
const areasByRole: Record<Role, string[]> = {
  ADMIN: ['Users', 'Pending projects', 'Approvals', 'Models', 'Partners', 'Operations center'],
  SUPPORT_PL1: ['Users', 'Pending projects', 'Approvals', 'Models'],
  SUPPORT_PL2: ['Users', 'Pending projects', 'Approvals', 'Models'],
  SUPPORT_PL1_CC: ['Users', 'Pending projects', 'Approvals', 'Models'],
  SUPPORT_PL2_CC: ['Users', 'Pending projects', 'Approvals', 'Models'],
  SUPPORT_MASTER: ['Users', 'Pending projects', 'Approvals', 'Models', 'Partners'],
  MARKETER_PLUS: ['Users', 'Pending projects', 'Approvals', 'Partners', 'Operations center'],
  PARTNERS_MANAGER: ['Users', 'Pending projects', 'Approvals', 'Models', 'Partners', 'Operations center'],
};
const allAreas = ['Users', 'Pending projects', 'Approvals', 'Models', 'Partners', 'Operations center'];

for (const role of roles) {
  test(`${role} signs in and sees only the areas the role may open`, async ({ page }) => {
    await signInByForm(page, role);
    await expect(page).toHaveURL(/\/users\/last-viewed$/);
    const navigation = page.getByRole('navigation', { name: 'Areas' });
    for (const area of allAreas) {
      const link = navigation.getByRole('link', { name: area, exact: true });
      if (areasByRole[role].includes(area)) await expect(link).toBeVisible();
      else await expect(link).toHaveCount(0);
    }
  });
}

test('a PL1 agent is sent away from all-users, a marketer from models, each told why', async ({ page }) => {
  await signInByForm(page, 'SUPPORT_PL1');
  await page.goto('/users/all-users');
  await expect(page).toHaveURL(/\/users\/last-viewed$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Not allowed' })).toContainText(
    'Only admins, support masters, marketers and partner managers may open All users',
  );

  await page.evaluate(() => localStorage.clear());
  await signInByForm(page, 'MARKETER_PLUS');
  await page.goto('/models');
  await expect(page).toHaveURL(/\/users\/last-viewed$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Not allowed' })).toContainText(
    'Only admins, support agents and partner managers may open Models',
  );
  await page.goto('/users/all-users');
  await expect(page).toHaveURL(/\/users\/all-users$/);
});

test('a bad login shows the server’s message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel(/e-?mail/i)).toBeFocused();
  await page.keyboard.type(emailOf('ADMIN'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Wrong e-mail or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('signing in returns to the page the person asked for', async ({ page }) => {
  await page.goto('/users/search?q=gmail');
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInByForm(page, 'SUPPORT_MASTER', page.url());
  await expect(page).toHaveURL(/\/users\/search\?q=gmail$/);
});

test('logging out resets the session and goes to /login', async ({ page }) => {
  await signInByForm(page, 'ADMIN');
  await page.getByRole('button', { name: /log ?out|sign out/i }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').accessToken ?? null)).toBeNull();
  await page.goto('/users/last-viewed');
  await expect(page).toHaveURL(/\/login/);
});
