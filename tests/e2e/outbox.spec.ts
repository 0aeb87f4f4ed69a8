import { expect, test } from '@playwright/test';
import { activeCustomer, apiAs, signIn } from './support';

/** Queues a password-reset e-mail to the customer through the API (a mutation: bearer and cross-site token). */
async function sendResetEmail(baseURL: string, customerId: number): Promise<void> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await api.post(`/admin/users/${customerId}/actions/send_reset_password_email`, {
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
  });
  expect(answer.status()).toBe(200);
  await api.dispose();
}

test('staff see what was sent to a customer: in the operations center outbox and on the customer’s e-mails tab', async ({
  page,
  baseURL,
}) => {
  const customer = await activeCustomer(baseURL ?? '');
  await sendResetEmail(baseURL ?? '', customer.id);
  await signIn(page, 'ADMIN');

  await page.goto('/operations-center/outbox');
  const outbox = page.getByRole('grid', { name: 'Outbox' });
  const row = outbox.getByRole('row').filter({ hasText: customer.email }).first();
  await expect(row).toContainText('Reset your password');
  await expect(row).toContainText(/waiting/i);

  await page.goto(`/users/${customer.id}/emails`);
  const emails = page.getByRole('grid', { name: 'E-mails to the customer' });
  await expect(emails.getByRole('row').filter({ hasText: 'Reset your password' }).first()).toContainText(
    customer.email,
  );
});

test('the API reference renders offline under its own policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  // Swagger UI renders the operations near the viewport only (the catalogue has grown past 160 paths): a deep link
  // (deepLinking is on) scrolls to the operation and opens it.
  await page.goto('/admin/docs/#/userActions/userActions.giveCredit');
  await expect(page.getByText('Loupe admin API').first()).toBeVisible();
  await expect(page.getByText('/admin/users/{user_id}/actions/give_credit').first()).toBeVisible();
  expect(refused).toEqual([]);
});
