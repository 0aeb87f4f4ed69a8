import { expect, type Page, test } from '@playwright/test';
import { refundableProject } from './refundable-project';
import { apiAs, searchCustomers, signIn } from './support';

/** The customer's credit rows whose description is `description`, through the credits call. */
async function creditRows(baseURL: string, userId: number, description: string): Promise<number> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.get(`/admin/users/${userId}/general_details/credits`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { credits } = (await answer.json()) as { credits: { description: string }[] };
  await api.dispose();
  return credits.filter((row) => row.description === description).length;
}

/** Confirms the deep-linked form (Ctrl+Enter), then the money confirmation (Enter). */
async function submitAndConfirm(page: Page): Promise<void> {
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('This moves money.')).toBeVisible();
  await expect(page.getByRole('dialog').locator('button[type="submit"]')).toBeEnabled();
  await page.keyboard.press('Enter');
}

test('a credit whose answer is lost on the network is checked with the same key, and given once', async ({
  page,
  baseURL,
}) => {
  const customer = (await searchCustomers(baseURL as string, 'gmail')).filter((row) => row.status === 'ACTIVE')[7];
  if (!customer) throw new Error('Not enough active demo customers');
  const description = `Lost answer ${Date.now()}`;
  await signIn(page, 'ADMIN');
  // The first request reaches the server (the credit is given) and its answer is lost on the way back.
  let first = true;
  await page.route('**/admin/users/*/actions/give_credit', async (route) => {
    // The check is slow too, long enough to read what the palette says meanwhile.
    if (!first) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return route.continue();
    }
    first = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto(
    `/users/${customer.id}/credits?run=user.give-credit&amount=7&reason=SURVEY&description=${encodeURIComponent(description)}`,
  );
  await expect(page.getByLabel('Amount')).toHaveValue('7');
  await submitAndConfirm(page);
  await expect(page.getByText('Checking whether the credit was given…')).toBeVisible();
  await expect(page.getByText(/^Given at \d\d:\d\d \(#\d+\)$/)).toBeVisible();
  await expect(page.getByText(/server error/i)).toHaveCount(0);
  expect(await creditRows(baseURL as string, customer.id, description)).toBe(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a refund whose request never left is asked again with the same key, and made once', async ({ page, baseURL }) => {
  const { user, project } = await refundableProject(baseURL as string, 80);
  const description = `Dropped request ${Date.now()}`;
  await signIn(page, 'ADMIN');
  // The first request never reaches the server.
  const keys: string[] = [];
  await page.route('**/admin/projects/editing/*/refund', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) return route.abort('internetdisconnected');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return route.continue();
  });
  const prefill = `project_id=${project.id}&amount=2&to=credit&reason=PRODUCT_SURVEY_PARTICIPANT&description=${encodeURIComponent(description)}`;
  await page.goto(`/users/${user.id}/projects?run=project.refund&${prefill}`);
  await expect(page.getByLabel('Amount')).toHaveValue('2');
  await submitAndConfirm(page);
  await expect(page.getByText('Checking whether the refund was made…')).toBeVisible();
  await expect(page.getByText(/^Refunded at \d\d:\d\d \(#\d+\)$/)).toBeVisible();
  await expect(page.getByText(/server error/i)).toHaveCount(0);
  expect(keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await creditRows(baseURL as string, user.id, description)).toBe(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
