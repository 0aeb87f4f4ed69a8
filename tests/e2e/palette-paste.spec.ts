import { expect, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { activeCustomer, apiAs, signIn } from './support';

/** A demo customer with an invoiced charge, and that charge's invoice number. */
async function invoicedCharge(baseURL: string): Promise<{ user: CustomerRow; chargeId: number; number: string }> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 60 },
  });
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users.slice(30)) {
    const answer = await api.get(`/admin/users/${user.id}/charges`, { headers });
    const { charges } = (await answer.json()) as { charges: { id: number; invoice: { number: string } | null }[] };
    const charge = charges.find((row) => row.invoice);
    if (charge?.invoice) {
      await api.dispose();
      return { user, chargeId: charge.id, number: charge.invoice.number };
    }
  }
  throw new Error('No demo customer with an invoiced charge');
}

/** Opens the palette and pastes `text` into it (one input event, as a paste). */
async function pasteIntoPalette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder(/type a command/i);
  await expect(input).toBeFocused();
  await input.fill('');
  await page.keyboard.insertText(text);
}

test('pasting an invoice number, an e-mail or a Loupe address puts its record first, its commands under it', async ({
  page,
  baseURL,
}) => {
  const { user, chargeId, number } = await invoicedCharge(baseURL as string);
  const other = await activeCustomer(baseURL as string, 'yahoo');
  await signIn(page, 'ADMIN');
  const finds: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/admin/palette/find')) finds.push(request.url());
  });

  // An invoice number: the charge first, then its commands (the invoice's), for its customer.
  await pasteIntoPalette(page, number);
  const options = page.getByRole('dialog').getByRole('option');
  await expect(options.first()).toContainText(`Charge #${chargeId}`);
  await expect(options.nth(1)).toContainText(new RegExp(`invoice.*#${chargeId}`, 'i'));
  expect(finds).toHaveLength(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/charges$`));

  // A whole e-mail, in a ticket's text: that customer first, Enter opens their page.
  await pasteIntoPalette(page, `Hello support,\nI cannot log in. My account is ${other.email.toUpperCase()}.\nThanks`);
  await expect(options.first()).toContainText(`${other.first_name} ${other.last_name}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${other.id}/general$`));

  // A Loupe address with a deep link: the page first; Enter opens it with the command's form, nothing run.
  const address = `${baseURL}/users/${user.id}/credits?run=user.give-credit&amount=3`;
  await pasteIntoPalette(page, address);
  await expect(options.first()).toContainText(`Open /users/${user.id}/credits?run=user.give-credit&amount=3`);
  await expect(options.nth(1)).toContainText(`${user.first_name} ${user.last_name}`);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount')).toHaveValue('3');
  await page.keyboard.press('Escape');

  // Another host's address: nothing found, and nothing asked.
  const before = finds.length;
  await pasteIntoPalette(page, 'https://evil.example/users/1/general');
  await expect(
    page.getByRole('dialog').getByText('Nothing found for “https://evil.example/users/1/general”.'),
  ).toBeVisible();
  expect(finds.length).toBe(before);
});
