import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { activeCustomer, apiAs, searchCustomers, sendResetEmail, signIn } from './support';

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
  // The demo's mail capture (npm start without SMTP_URL) may have delivered it already.
  await expect(row).toContainText(/waiting|sending|sent/i);

  await page.goto(`/users/${customer.id}/emails`);
  const emails = page.getByRole('grid', { name: 'E-mails to the customer' });
  await expect(emails.getByRole('row').filter({ hasText: 'Reset your password' }).first()).toContainText(
    customer.email,
  );
});

/** Sends the customer's newest succeeded charge's invoice through the API; answers the outbox row's id. */
async function sendNewestInvoice(baseURL: string, customerId: number): Promise<number> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const list = await api.get(`/admin/users/${customerId}/charges`, { headers: { Authorization: `Bearer ${token}` } });
  expect(list.status()).toBe(200);
  const { charges } = (await list.json()) as { charges: { id: number; kind: string; status?: string }[] };
  const charge = charges.find((entry) => entry.kind === 'CHARGE' && entry.status !== 'FAILED');
  if (!charge) throw new Error(`customer ${customerId} has no charge to invoice`);
  const sent = await api.post(`/admin/invoices/${charge.id}/actions/send_to_customer`, {
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
  });
  expect(sent.status()).toBe(200);
  const { outbox_id } = (await sent.json()) as { outbox_id: number };
  await api.dispose();
  return outbox_id;
}

test('the demo delivers mail to its capture: a support agent opens the invoice e-mail as delivered and downloads the PDF', async ({
  page,
  baseURL,
}) => {
  const customer = (await searchCustomers(baseURL ?? '', 'gmail')).find(
    (row) => row.status === 'ACTIVE' && row.last_charge_amount,
  );
  if (!customer) throw new Error('no active paying demo customer');
  test.setTimeout(120_000);
  const emailId = await sendNewestInvoice(baseURL ?? '', customer.id);
  // The mail worker polls every 2 s: wait for the delivery through the API, then open the customer's e-mails once.
  const { api, token } = await apiAs('SUPPORT_PL1', baseURL ?? '');
  await expect
    .poll(
      async () => {
        const answer = await api.get(`/admin/users/${customer.id}/outbox/${emailId}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { source?: string }).source;
      },
      { timeout: 40_000, intervals: [1000] },
    )
    .toBe('CAPTURED');
  await api.dispose();
  await signIn(page, 'SUPPORT_PL1');

  await page.goto(`/users/${customer.id}/emails`);
  const emails = page.getByRole('grid', { name: 'E-mails to the customer' });
  const row = emails.getByRole('row').filter({ hasText: 'Your invoice' }).first();
  await expect(row).toContainText(/sent/i, { timeout: 15_000 });
  await row.click();

  const dialog = page.getByRole('dialog', { name: /^E-mail: Your invoice/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('as the mail capture received it');
  await expect(dialog).toContainText(customer.email);
  const body = dialog.frameLocator('iframe[title="E-mail body"]');
  await expect(body.locator('body')).toContainText('is attached');
  await expect(dialog.locator('iframe[title="E-mail body"]')).toHaveAttribute('sandbox', '');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Download invoice-.*\.pdf/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
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
