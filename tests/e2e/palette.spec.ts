import { expect, test } from '@playwright/test';
import { activeCustomer, demoPassword, emailOf, signIn } from './support';

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
  await expect(page.getByText(/account becomes suspended until someone unsuspends it/)).toBeVisible();
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
  // The refusal names who may, in words (docs/words-and-layout.md).
  await expect(page.getByText(/may suspend customers/i)).toBeVisible();
});

test('the start of a title finds its command: “send i”, Enter opens Send invoice for the customer', async ({
  page,
  baseURL,
}) => {
  const customer = await activeCustomer(baseURL as string, 'gmail');
  await signIn(page, 'ADMIN');
  await page.goto(`/users/${customer.id}/general`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.first_name);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('send i');
  await expect(page.getByRole('dialog').getByRole('option', { selected: true })).toContainText(
    'Send invoice to customer',
  );
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Send invoice to customer/ })).toBeVisible();
  await expect(dialog.getByLabel('Charge', { exact: true })).toBeVisible();
});

test('Ctrl+K and typing while the console is still loading after sign-in: the palette opens with it', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(emailOf('ADMIN'));
  await page.getByLabel(/password/i).fill(demoPassword);
  // Hold every script requested from now on (the shell, the palette, the landing page) until the keys are typed.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await page.getByLabel(/password/i).press('Enter');
  await expect.poll(() => held).toBeGreaterThan(0);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('give');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const input = page.getByPlaceholder(/type a command/i);
  await expect(input).toHaveValue('give');
  await expect(input).toBeFocused();
  await expect(page.getByRole('dialog').getByRole('option', { selected: true })).toContainText('Give credit');
  await page.keyboard.type(' c');
  await expect(input).toHaveValue('give c');
});
