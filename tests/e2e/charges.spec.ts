import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { ChargesAnswer } from '../../domain/charges';
import type { CustomerRow } from '../../domain/users';
import { apiAs, signIn } from './support';

/** An active demo customer whose charge failed and whose card on file now charges (seeded: pm_card_ok). */
async function customerWithRetryableCharge(baseURL: string): Promise<CustomerRow> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: {
      filters: [
        { kind: 'multi', column: 'charge_failed', op: 'equal', value: ['true'] },
        { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
      ],
      page_size: 50,
    },
  });
  expect(filtered.status()).toBe(200);
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users) {
    const answer = await api.get(`/admin/users/${user.id}/charges`, { headers });
    const charges = (await answer.json()) as ChargesAnswer;
    const invoiced = charges.charges.some((charge) => charge.invoice !== null);
    if (charges.meta.failed_charge && charges.meta.payment_method?.token === 'pm_card_ok' && invoiced) {
      await api.dispose();
      return user;
    }
  }
  throw new Error('No demo customer with a failed charge and a working card');
}

test('keyboard only: retry a failed charge after reading the preview, see it paid, download an invoice PDF', async ({
  page,
  baseURL,
}) => {
  const customer = await customerWithRetryableCharge(baseURL as string);
  await signIn(page, 'SUPPORT_MASTER');

  await page.keyboard.press('Control+k');
  await page.keyboard.type(customer.email);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replaceAll('.', '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.first_name);
  await expect(page.getByLabel('First name')).toHaveValue(customer.first_name);

  await page.keyboard.press('g');
  await page.keyboard.press('9');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/charges$`));
  const banner = page.getByTestId('failed-charge-banner');
  await expect(banner).toContainText('Failed charge');
  const charges = page.getByRole('table', { name: 'Charges' });
  await expect(charges.getByRole('row').nth(1)).toContainText(/failed/i);
  await page.screenshot({ path: '/tmp/charges-tab-failed.png', fullPage: true });

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Retry failed charge');
  await expect(page.getByRole('option', { name: /Retry failed charge/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Charges \$[\d,]+\.\d\d to the card on file \(.* · pm_card_ok\) now\.$/)).toBeVisible();
  await expect(page.getByText('Failed amount', { exact: true })).toBeVisible();
  await expect(page.getByText('Retries so far', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/charges-retry-preview.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/failed charge is paid/)).toBeVisible();

  await expect(banner).toHaveCount(0);
  const newest = charges.getByRole('row').nth(1);
  await expect(newest).toContainText('Subscription payment (retry of a failed charge)');
  await expect(newest).toContainText(/succeeded/i);
  await expect(newest).toContainText(/LP-\d{4}-\d{7} · v1/);
  await page.screenshot({ path: '/tmp/charges-tab-paid.png', fullPage: true });

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Download invoice');
  await expect(page.getByRole('option', { name: /Download invoice/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Charge id')).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoice-LP-\d{4}-\d{7}-v1\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
