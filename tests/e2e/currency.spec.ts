import { expect, test } from '@playwright/test';
import type { CurrencySummary } from '../../domain/currency';
import { formatMoney } from '../../domain/money';
import type { CustomerRow } from '../../domain/users';
import { apiAs, searchCustomers, signIn } from './support';

type Candidate = { customer: CustomerRow; summary: CurrencySummary };

/**
 * A demo customer who pays in USD, has no failed charge and whose credit covers the open period with some left over
 * (so the change carries credit over to EUR), with the server's summary of that change; one with usage in the open
 * period (credit applied to it) when there is one.
 */
async function customerWithCreditLeft(baseURL: string): Promise<Candidate> {
  const { api, token } = await apiAs('SUPPORT_MASTER', baseURL);
  const found: Candidate[] = [];
  try {
    for (const query of ['gmail', 'yahoo', 'outlook', 'icloud', 'studio', 'hello', 'info']) {
      const rows = (await searchCustomers(baseURL, query)).filter(
        (row) => row.status === 'ACTIVE' && row.currency === 'USD' && !row.charge_failed,
      );
      for (const customer of rows) {
        const answer = await api.get(`/admin/users/${customer.id}/currency_change/summary?new_currency=EUR`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const summary = (await answer.json()) as CurrencySummary;
        if (summary.blocked || summary.credit_in_new_currency.value.amount === 0) continue;
        if (summary.charge_info.cost.value.amount > 0) return { customer, summary };
        found.push({ customer, summary });
      }
    }
  } finally {
    await api.dispose();
  }
  const [first] = found;
  if (!first) throw new Error('No demo customer in USD with credit left after the open period');
  return first;
}

test('keyboard only: read the currency change preview, confirm, see EUR and the converted credit', async ({
  page,
  baseURL,
}) => {
  const { customer, summary } = await customerWithCreditLeft(baseURL as string);
  const fragment = customer.email.split('@')[0] as string;
  await signIn(page, 'SUPPORT_MASTER');

  await page.keyboard.press('Control+k');
  await page.keyboard.type(fragment);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace('.', '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Change currency');
  await expect(page.getByRole('option', { name: /Change currency/ })).toBeVisible();
  await page.keyboard.press('Enter');
  const select = page.getByLabel('New currency');
  await expect(select).toBeFocused();
  await expect(page.getByText('Pays in USD now.', { exact: false })).toBeVisible();
  await page.keyboard.type('EUR');
  await expect(select).toHaveValue('EUR');
  await page.keyboard.press('Enter');

  const preview = page.getByRole('region', { name: 'Preview' });
  const carried = formatMoney(summary.credit_in_new_currency.value);
  await expect(page.getByTestId('preview-headline')).toHaveText(
    `Charges nothing now; carries ${carried} of credit over to EUR.`,
  );
  const info = summary.charge_info;
  for (const line of [info.cost, info.backup_cost, info.credits, info.total]) {
    await expect(preview).toContainText(`${line.label}${formatMoney(line.value)}`);
  }
  await expect(preview).toContainText('Exchange rate1 USD = 0.9213 EUR');
  await expect(preview).toContainText(
    `Credit left after the charge, in USD${formatMoney(summary.amount_left_after_charge.value)}`,
  );
  await expect(preview).toContainText(`Credit carried over, in EUR${carried}`);
  await expect(page.getByText('This moves money.')).toBeVisible();
  await page.screenshot({ path: '/tmp/currency-preview.png' });

  await page.keyboard.press('Enter');
  await expect(page.getByText(`now pays in EUR`)).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('2');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/payments$`));
  await expect(page.getByTestId('customer-currency')).toContainText('EUR');

  await page.keyboard.press('g');
  await page.keyboard.press('7');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/credits$`));
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits.getByRole('row').filter({ hasText: 'Converted from USD' })).toContainText(carried);
  await page.screenshot({ path: '/tmp/currency-after.png', fullPage: true });
});

test('keyboard only: an ADMIN sets an exchange rate after reading old → new, and sees it with who set it', async ({
  page,
}) => {
  await signIn(page, 'ADMIN');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Exchange rates');
  await expect(page.getByRole('option', { name: /Operations center › Exchange rates/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/operations-center\/exchange-rates$/);
  const current = page.getByRole('table', { name: 'Current exchange rates' });
  await expect(current.getByRole('row').filter({ hasText: '1 GBP = 1.1686 EUR' })).toContainText('Initial rates');

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Set exchange rate');
  await expect(page.getByRole('option', { name: /Set exchange rate/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('From', { exact: true })).toBeFocused();
  await page.keyboard.type('GBP');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('To', { exact: true })).toBeFocused();
  await page.keyboard.type('EUR');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Rate', { exact: true })).toBeFocused();
  await page.keyboard.type('1.1725');
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('preview-headline')).toHaveText(
    'Changes 1 GBP = 1.1686 EUR to 1 GBP = 1.1725 EUR (+0.33 %).',
  );
  await page.screenshot({ path: '/tmp/currency-rate-preview.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 GBP = 1.1725 EUR from now on')).toBeVisible();
  await expect(current.getByRole('row').filter({ hasText: '1 GBP = 1.1725 EUR' })).toContainText('(Admin)');
  const history = page.getByRole('table', { name: 'Exchange rate history' });
  await expect(history.getByRole('row').nth(1)).toContainText('1 GBP = 1.1725 EUR');
  await page.screenshot({ path: '/tmp/currency-rates.png', fullPage: true });
});
