import { expect, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { searchCustomers, signIn } from './support';

/** An active pay-as-you-go customer with a working card (no failed charge) and so no contract. */
async function customerWithoutContract(baseURL: string): Promise<CustomerRow> {
  for (const query of ['yahoo', 'outlook', 'gmail', 'icloud']) {
    const rows = (await searchCustomers(baseURL, query)).filter(
      (row) => row.status === 'ACTIVE' && row.subscription_type === 'METERED' && !row.charge_failed,
    );
    const found = rows[2] ?? rows[0];
    if (found) return found;
  }
  throw new Error('No active METERED demo customer without a failed charge');
}

async function runFromPalette(page: Page, title: string, name = new RegExp(`^${title}`)): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.keyboard.type(title);
  const option = page.getByRole('option', { name }).first();
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
}

/** The money amounts of a sentence, in order ("$1,250.00", "€3.50"). */
function amountsIn(text: string): string[] {
  return [...text.matchAll(/[$€£][\d,]+\.\d{2}/g)].map((match) => match[0]);
}

/** The value of a preview line, by its label. */
async function previewLine(page: Page, label: string): Promise<string> {
  const preview = page.getByRole('region', { name: 'Preview' });
  const term = preview.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

/** The value of a contract tile, by its label. */
function tile(page: Page, label: string) {
  return page
    .getByTestId('contract-tiles')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * A form whose fields all hold values (the contract's defaults) opens on its submit button, a prefilled field never
 * being the focused one: Shift+Tab back to the field, then Ctrl+A so typing replaces its value.
 */
async function backTo(page: Page, label: string): Promise<void> {
  const field = page.getByLabel(label);
  for (
    let presses = 0;
    presses < 20 && !(await field.evaluate((element) => element === document.activeElement));
    presses += 1
  )
    await page.keyboard.press('Shift+Tab');
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
}

test('keyboard only: create, upgrade and cancel a yearly contract; each preview’s numbers are what is stored', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const customer = await customerWithoutContract(baseURL as string);
  const fragment = customer.email.split('@')[0] as string;
  await signIn(page, 'SUPPORT_PL2_CC');
  await page.keyboard.press('Control+k');
  await page.keyboard.type(fragment);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace('.', '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));

  // New contract: 12,000 edits at 0.50, the rest the defaults.
  await runFromPalette(page, 'New yearly contract');
  await backTo(page, 'Number of edits');
  await page.keyboard.type('12000');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Price per edit')).toBeFocused();
  await page.keyboard.type('0.5');
  await page.keyboard.press('Enter');
  const headline = page.getByTestId('preview-headline');
  await expect(headline).toHaveText(
    /^Charges \S+ now, then \S+ a month for (11 months|\d+ months? and \S+ for \d+)\.$/,
  );
  const [payNow = '', monthly = ''] = amountsIn(await headline.innerText());
  const yearly = await previewLine(page, 'Yearly total');
  expect(await previewLine(page, 'Edits a year')).toBe('12,000');
  // 4,999 edits at 10 % off and 7,001 at 15 % off: 12.92 % off the list price overall.
  expect(await previewLine(page, 'Discount')).toBe('12.92 %');
  expect(await previewLine(page, 'Charged now')).toBe(payNow);
  await page.screenshot({ path: '/tmp/contracts-new-preview.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/is on a yearly contract/)).toBeVisible();

  await runFromPalette(page, 'Contract', /› Contract( Shortcut .*)?$/);
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/contract$`));
  await expect(page.getByTestId('contract-summary')).toHaveText(`12,000 edits · ${yearly} a year · ${payNow} a month`);
  await expect(tile(page, 'Total price')).toHaveText(yearly);
  await expect(tile(page, 'Paid under contract')).toHaveText(payNow);
  await expect(tile(page, 'Total photos')).toHaveText('12,000');
  expect([payNow, monthly].every(Boolean)).toBe(true);
  await page.screenshot({ path: '/tmp/contracts-tab.png', fullPage: true });

  // Upgrade to 20,000 edits: nothing due in the first month, the balance spread over the 11 months left.
  await runFromPalette(page, 'Upgrade yearly contract');
  await backTo(page, 'Number of edits');
  await page.keyboard.type('20000');
  await page.keyboard.press('Enter');
  await expect(headline).toHaveText(
    /^Charges nothing now, then \S+ a month for (11 months|\d+ months? and \S+ for \d+)\.$/,
  );
  const [upgradedMonthly = ''] = amountsIn(await headline.innerText());
  const upgradedTotal = await previewLine(page, 'Contract year total after upgrade');
  expect(await previewLine(page, 'Finalized monthly payment')).toBe(upgradedMonthly);
  await page.screenshot({ path: '/tmp/contracts-upgrade-preview.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/contract now has 20,000 edits/)).toBeVisible();
  await expect(page.getByTestId('contract-summary')).toHaveText(
    `20,000 edits · ${upgradedTotal} a year · ${upgradedMonthly} a month`,
  );
  await expect(tile(page, 'Paid under contract')).toHaveText(payNow);
  await expect(page.getByRole('table', { name: 'Past contracts' })).toContainText('Upgraded');

  // Cancel: no edits used, so everything paid comes back as credit and nothing is charged.
  const creditOnCancel = await tile(page, 'Credit on cancellation').innerText();
  await runFromPalette(page, 'Cancel yearly contract');
  await expect(page.getByLabel('Reason')).toBeFocused();
  await expect(page.getByLabel('Reason')).toBeEnabled();
  await page.keyboard.type('Too');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Moving to pay as you go');
  await page.keyboard.press('Control+Enter');
  await expect(headline).toHaveText(
    `Charges nothing now and credits ${payNow} to the customer; the contract ends today.`,
  );
  expect(creditOnCancel).toBe(payNow);
  expect(await previewLine(page, 'Pay now')).toMatch(/^[$€£]0\.00$/);
  await page.screenshot({ path: '/tmp/contracts-cancel-preview.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText(/yearly contract is cancelled/)).toBeVisible();
  await expect(page.getByText('No running yearly contract')).toBeVisible();
  const history = page.getByRole('table', { name: 'Past contracts' });
  await expect(history.getByRole('row').filter({ hasText: 'Cancelled' })).toContainText(
    'Too expensive: Moving to pay as you go',
  );
  await page.screenshot({ path: '/tmp/contracts-cancelled.png', fullPage: true });

  await page.keyboard.press('g');
  await page.keyboard.press('7');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/credits$`));
  await expect(
    page.getByRole('table', { name: 'Credits' }).getByRole('row').filter({ hasText: 'Yearly contract cancelled' }),
  ).toContainText(payNow);
});
