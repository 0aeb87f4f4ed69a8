import { expect, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { seededCard } from './seeded-card';
import { apiAs, signIn } from './support';

/** Demo customers matching filters, through `POST users/users_filter` (a read-only POST: no cross-site token). */
async function filterCustomers(baseURL: string, filters: unknown[]): Promise<CustomerRow[]> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.post('/admin/users/users_filter', {
    headers: { Authorization: `Bearer ${token}` },
    data: { filters, page_size: 200 },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { users: CustomerRow[] };
  await api.dispose();
  return body.users;
}

async function customerWithCard(baseURL: string, filters: unknown[], token: string): Promise<CustomerRow> {
  const found = (await filterCustomers(baseURL, filters)).find(
    (row) => row.currency === 'USD' && seededCard(row) === token,
  );
  if (!found) throw new Error(`No demo customer with the card ${token}`);
  return found;
}

/** Opens the customer's page from the palette's search, by e-mail. */
async function openCustomer(page: Page, customer: CustomerRow): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(customer.email);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace(/\./g, '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));
}

/** Goes to the customer's credits tab by keyboard (G 7) once the palette has closed. */
async function creditsTab(page: Page, customerId: number): Promise<void> {
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('7');
  await expect(page).toHaveURL(new RegExp(`/users/${customerId}/credits$`));
}

/** The credits tab's total, in dollars. */
async function creditTotal(page: Page, customerId: number): Promise<number> {
  await creditsTab(page, customerId);
  const total = page.getByTestId('total-credits');
  await expect(total).toBeVisible();
  return Number((await total.innerText()).replace(/[^\d.]/g, ''));
}

/** Fills the form (credits, Tab, price) and submits it with Enter, then waits for the server's preview. */
async function fillPackage(page: Page, credits: string, price: string): Promise<void> {
  await expect(page.getByLabel('Amount of credits')).toBeFocused();
  await page.keyboard.type(credits);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Price')).toBeFocused();
  await page.keyboard.type(price);
  await page.keyboard.press('Enter');
  await expect(page.getByText('This moves money.')).toBeVisible();
}

test('keyboard only: an admin sells a customer 500 credits for $450.00 after reading the preview; the credits total grows by $500', async ({
  page,
  baseURL,
}) => {
  const customer = await customerWithCard(
    baseURL as string,
    [
      { kind: 'text', column: 'email', op: 'includes', value: 'outlook' },
      { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
    ],
    'pm_card_ok',
  );
  await signIn(page, 'ADMIN');
  await openCustomer(page, customer);
  const before = await creditTotal(page, customer.id);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Buy custom credit');
  await expect(page.getByRole('option', { name: /Buy custom credit package/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await fillPackage(page, '500', '450');
  const headline = page.getByTestId('preview-headline');
  await expect(headline).toHaveText('Charges $450.00 to the card on file now for 500 credits (+50 extra).');
  await expect(page.getByText('Extra credits earned')).toBeVisible();
  const confirm = page.getByRole('button', { name: /^Buy custom credit package/ });
  await expect(confirm).toBeFocused();
  await page.screenshot({ path: '/tmp/credit-packages-preview.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/bought 500 credits for \$450\.00/)).toBeVisible();

  await creditsTab(page, customer.id);
  const expected = (before + 500).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId('total-credits')).toContainText(`$${expected}`);
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits.getByRole('row').filter({ hasText: 'Custom credit package' }).first()).toContainText(/500\.00/);
  await page.screenshot({ path: '/tmp/credit-packages-credits.png' });
});

test('keyboard only: from the operations center, a declined card shows the provider’s reason and adds no credits', async ({
  page,
  baseURL,
}) => {
  const customer = await customerWithCard(
    baseURL as string,
    [{ kind: 'text', column: 'failed_charge_reason', op: 'equal', value: 'incorrect card number' }],
    'pm_card_incorrect_number',
  );
  await signIn(page, 'ADMIN');
  await openCustomer(page, customer);
  const before = await creditTotal(page, customer.id);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Custom credit packages');
  await expect(page.getByRole('option', { name: /Custom credit packages/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/operations-center\/credit-packages$/);
  const start = page.getByRole('button', { name: 'Buy custom credit package…' });
  await start.focus();
  await page.screenshot({ path: '/tmp/credit-packages-page.png' });
  await page.keyboard.press('Enter');

  await expect(page.getByPlaceholder('Name, e-mail or id…')).toBeFocused();
  await page.keyboard.type(customer.email);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace(/\./g, '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await fillPackage(page, '200', '180');
  await expect(page.getByTestId('preview-headline')).toHaveText(
    'Charges $180.00 to the card on file now for 200 credits (+20 extra).',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    'The card was declined: incorrect card number. No credits were added',
  );
  await page.screenshot({ path: '/tmp/credit-packages-declined.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  const sales = page.getByRole('table', { name: 'Latest credit package sales' });
  await expect(sales.getByRole('row').nth(1)).toContainText(
    /200 credits \(\+20 extra\).*\$180\.00.*Declined: incorrect card number/,
  );
  await page.screenshot({ path: '/tmp/credit-packages-sales.png' });

  await openCustomer(page, customer);
  expect(await creditTotal(page, customer.id)).toBeCloseTo(before, 2);
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits.getByRole('row').filter({ hasText: 'Custom credit package' })).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('3');
  await expect(page.getByText('Custom credit package declined')).toBeVisible();
});
