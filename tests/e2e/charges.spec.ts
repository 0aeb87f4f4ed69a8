import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { ChargesAnswer } from '../../domain/charges';
import type { CustomerRow } from '../../domain/users';
import { seededCard } from './seeded-card';
import { apiAs, signIn } from './support';

/**
 * A demo customer with a failed charge, in the given status, whose card on file now charges (seeded `pm_card_ok`) or
 * still declines, found through the same calls the console makes.
 */
async function customerWithFailedCharge(
  baseURL: string,
  status: 'ACTIVE' | 'SUSPENDED',
  card: 'charges' | 'declines',
): Promise<CustomerRow> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: {
      filters: [
        { kind: 'multi', column: 'charge_failed', op: 'equal', value: ['true'] },
        { kind: 'multi', column: 'status', op: 'equal', value: [status] },
      ],
      page_size: 100,
    },
  });
  expect(filtered.status()).toBe(200);
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users) {
    const answer = await api.get(`/admin/users/${user.id}/charges`, { headers });
    const { charges, meta } = (await answer.json()) as ChargesAnswer;
    const token = meta.payment_method ? seededCard(user) : null;
    const cardMatches = card === 'charges' ? token === 'pm_card_ok' : Boolean(token) && token !== 'pm_card_ok';
    if (meta.failed_charge && cardMatches && charges.some((charge) => charge.invoice !== null)) {
      await api.dispose();
      return user;
    }
  }
  throw new Error(`No ${status} demo customer with a failed charge whose card ${card}`);
}

test('keyboard only: retry a failed charge after reading the preview, see it paid, download, regenerate and send its invoice', async ({
  page,
  baseURL,
}) => {
  const customer = await customerWithFailedCharge(baseURL as string, 'ACTIVE', 'charges');
  await signIn(page, 'SUPPORT_MASTER');

  await page.keyboard.press('Control+k');
  await page.keyboard.type(customer.email);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replaceAll('.', '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.first_name);
  await expect(page.getByRole('region', { name: 'At a glance' })).toBeVisible();

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
  await expect(
    page.getByText(
      /^Charges \$[\d,]+\.\d\d to the card on file \(((Visa|Mastercard|Amex) •••• \d{4}|Card on file)\) now\.$/,
    ),
  ).toBeVisible();
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
  await expect(page.getByLabel('Charge', { exact: true })).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoice-LP-\d{4}-\d{7}-v1\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Regenerate invoice');
  await expect(page.getByRole('option', { name: /Regenerate invoice/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Charge', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(newest).toContainText(/LP-\d{4}-\d{7} · v2/);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Send invoice to customer');
  await expect(page.getByRole('option', { name: /Send invoice to customer/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Charge', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Invoice sent to ${customer.email}`)).toBeVisible();
});

test('keyboard only: charge and unsuspend with a card that still declines says why and leaves the customer suspended', async ({
  page,
  baseURL,
}) => {
  const customer = await customerWithFailedCharge(baseURL as string, 'SUSPENDED', 'declines');
  await signIn(page, 'SUPPORT_MASTER');
  await page.goto(`/users/${customer.id}/charges`);
  const banner = page.getByTestId('failed-charge-banner');
  await expect(banner).toContainText(/(\d+) retr/);
  const retriesBefore = Number(/(\d+) retr/.exec(await banner.innerText())?.[1]);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Charge and unsuspend');
  await expect(page.getByRole('option', { name: /Charge and unsuspend/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Lifts the suspension, only if the card is charged')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(/The card was declined: .+ is still owed\. The customer stays suspended\./).first(),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/charges-unsuspend-declined.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await expect(banner).toContainText(`${retriesBefore + 1} retr`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/suspended/i);
  const newest = page.getByRole('table', { name: 'Charges' }).getByRole('row').nth(1);
  await expect(newest).toContainText('Subscription payment (retry of a failed charge)');
  await expect(newest).toContainText(/failed/i);
});
