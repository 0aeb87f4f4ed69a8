import { expect, test } from '@playwright/test';
import { activeCustomer, signIn } from './support';

test('Ctrl+K, part of a customer’s e-mail, Enter: that customer’s page opens', async ({ page, baseURL }) => {
  const customer = await activeCustomer(baseURL as string, 'outlook');
  const fragment = customer.email.split('@')[0] as string;
  await signIn(page, 'SUPPORT_PL1');
  await page.keyboard.press('Control+k');
  await page.keyboard.type(fragment);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace('.', '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${customer.first_name} ${customer.last_name}`);
});

test('suspend and unsuspend a customer with the keyboard alone', async ({ page, baseURL }) => {
  const customer = await activeCustomer(baseURL as string, 'icloud');
  await signIn(page, 'SUPPORT_PL2');
  await page.goto(`/users/${customer.id}/general`);
  const header = page.getByRole('heading', { level: 1 });
  await expect(header).toContainText(/active/i);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('suspend');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Chargeback filed for the October invoice');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/becomes SUSPENDED/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(header).toContainText(/suspended/i);
  await expect(page.getByText(/is suspended/)).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('unsuspend');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(header).toContainText(/active/i);
});

test('a deep link opens the command prefilled and runs nothing until confirmed', async ({ page, baseURL }) => {
  const customer = await activeCustomer(baseURL as string, 'yahoo');
  await signIn(page, 'ADMIN');
  await page.goto(`/users/${customer.id}/general?run=user.suspend&reason=FRAUD&description=From%20ticket%204411`);
  await expect(page.getByLabel('Reason')).toHaveValue('FRAUD');
  await expect(page.getByLabel('Description')).toHaveValue('From ticket 4411');
  await expect(page.locator('h1')).toContainText(/active/i);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/active/i);
});

test('a marketer has no suspend command, and a deep link to it says so', async ({ page, baseURL }) => {
  const customer = await activeCustomer(baseURL as string, 'hotmail');
  await signIn(page, 'MARKETER_PLUS');
  await page.goto(`/users/${customer.id}/general`);
  await expect(page.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  await page.goto(`/users/${customer.id}/general?run=user.suspend`);
  await expect(page.getByText(/not allowed|permission/i)).toBeVisible();
});
