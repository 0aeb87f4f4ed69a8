import { expect, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { searchCustomers, signIn } from './support';

/** The n-th active demo customer whose e-mail contains the text: each test acts on its own customer. */
async function customerNumber(baseURL: string, query: string, index: number): Promise<CustomerRow> {
  const found = (await searchCustomers(baseURL, query)).filter((row) => row.status === 'ACTIVE')[index];
  if (!found) throw new Error(`Not enough active demo customers matching ${query}`);
  return found;
}

async function giveCreditByKeyboard(page: Page, amount: string, description: string): Promise<void> {
  await page.keyboard.press('Shift+C');
  await expect(page.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type(amount);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Reason')).toBeFocused();
  await expect(page.getByLabel('Reason')).toBeEnabled();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type(description);
  await page.keyboard.press('Control+Enter');
}

test('keyboard only: find a customer by part of their e-mail, give credit, see it on the credits and audit tabs', async ({
  page,
  baseURL,
}) => {
  const customer = await customerNumber(baseURL as string, 'gmail', 3);
  const fragment = customer.email.split('@')[0] as string;
  await signIn(page, 'SUPPORT_PL2');

  await page.keyboard.press('Control+k');
  await page.keyboard.type(fragment);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace('.', '\\.')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/general$`));

  await giveCreditByKeyboard(page, '12.5', 'Sorry for the delayed gallery');
  await expect(page.getByText('This moves money.')).toBeVisible();
  await expect(page.getByText(/receives .12\.50 of credit/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/received .12\.50 of credit/)).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('7');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/credits$`));
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits.getByRole('row').filter({ hasText: 'Sorry for the delayed gallery' })).toContainText(
    /12\.50.*Missing referral link credit/,
  );

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/audit$`));
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(
    audit
      .getByRole('row')
      .filter({ hasText: /credit/i })
      .first(),
  ).toContainText(/Support PL2.*OK/);
});

test('a PL1 agent gives credit up to the caps and is refused above them, with the reason', async ({
  page,
  baseURL,
}) => {
  const customer = await customerNumber(baseURL as string, 'gmail', 4);
  await signIn(page, 'SUPPORT_PL1');
  await page.goto(`/users/${customer.id}/credits`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.first_name);

  const total = page.getByTestId('total-credits');
  await expect(total).toBeVisible();
  const before = Number((await total.innerText()).replace(/[^\d.]/g, ''));
  const after = (before + 50).toFixed(2);
  await page.keyboard.press('Shift+C');
  await expect(
    page.getByText(/Your role may give at most .50\.00 per action and .100\.00 per customer in 24 hours\./),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await giveCreditByKeyboard(page, '50', 'Up to the cap');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/received .50\.00 of credit/)).toBeVisible();
  await expect(total).toContainText(after);

  await giveCreditByKeyboard(page, '60', 'Above the cap');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: /may give .*50/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(total).toContainText(after);
  await expect(page.getByRole('table', { name: 'Credits' }).getByText('Above the cap')).toHaveCount(0);

  // The daily cap: a second $50 reaches $100 for this customer today; the server refuses more, under the amount.
  await giveCreditByKeyboard(page, '50', 'Second today');
  await page.keyboard.press('Enter');
  await expect(total).toContainText((before + 100).toFixed(2));
  await giveCreditByKeyboard(page, '5', 'Past the daily cap');
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: /at most .100\.00 within 24 hours; nothing is left/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Credits' }).getByText('Past the daily cap')).toHaveCount(0);
});

test('a marketer can give credit but cannot suspend', async ({ page, baseURL }) => {
  const customer = await customerNumber(baseURL as string, 'gmail', 5);
  await signIn(page, 'MARKETER_PLUS');
  await page.goto(`/users/${customer.id}/general`);
  await expect(page.getByRole('button', { name: /^Give credit/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  await page.keyboard.press('Shift+S');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await giveCreditByKeyboard(page, '5', 'Webinar attendee');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/received .5\.00 of credit/)).toBeVisible();

  await page.goto('/users/all-users?f=status:multi:equal:ACTIVE');
  await expect(page.getByRole('grid', { name: 'All customers' })).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Give credit/ })).not.toHaveAttribute('aria-disabled', 'true');
  const suspend = menu.getByRole('menuitem', { name: /Suspend/ });
  await expect(suspend).toHaveAttribute('aria-disabled', 'true');
  await expect(suspend).toContainText('Only admins, PL2 agents and support masters may suspend customers');
});

test('a deep link opens a tab with a command form prefilled', async ({ page, baseURL }) => {
  const customer = await customerNumber(baseURL as string, 'gmail', 6);
  await signIn(page, 'ADMIN');
  await page.goto(`/users/${customer.id}/credits?run=user.give-credit&amount=10`);
  await expect(page.getByLabel('Amount')).toHaveValue('10');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/credits$`));
  await expect(page.getByRole('link', { name: 'Credits' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('total-credits')).toBeVisible();
});
