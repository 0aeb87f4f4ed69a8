import { expect, type Page, type Request, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { commandsReady } from './agent-flows';
import { refundableProject } from './refundable-project';
import { searchCustomers, signIn } from './support';

/**
 * Forms never misplace a keystroke (issue 18, item 3): each test opens a form by keyboard, submits it empty (it is
 * refused), then types into the fields in order, Tab between them, and submits; the request must carry exactly what
 * was typed. Before the fix, every key that fixed a field moved the focus to the next invalid one ("15" became 1).
 */

/** The body of the next POST whose path ends with `suffix`. */
function nextPost(page: Page, suffix: string): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith(suffix),
  );
}

async function customer(baseURL: string, query: string, index: number): Promise<CustomerRow> {
  const found = (await searchCustomers(baseURL, query)).filter((row) => row.status === 'ACTIVE')[index];
  if (!found) throw new Error(`Not enough active demo customers matching ${query}`);
  return found;
}

test('give credit (money, select, textarea): a refused submit, then typing in order, sends exactly what was typed', async ({
  page,
  baseURL,
}) => {
  const jane = await customer(baseURL as string, 'gmail', 5);
  await signIn(page, 'ADMIN', `/users/${jane.id}/general`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await commandsReady(page);
  await page.keyboard.press('Shift+C');
  const amount = page.getByLabel('Amount');
  await expect(amount).toBeFocused();
  await expect(page.getByLabel('Reason')).not.toHaveAttribute('aria-busy', 'true');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(amount).toBeFocused();
  await page.keyboard.type('15');
  await expect(amount).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Added');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Left a kind review');
  await expect(page.getByLabel('Description')).toHaveValue('Left a kind review');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('This moves money.')).toBeVisible();
  const sent = nextPost(page, '/actions/give_credit');
  await page.keyboard.press('Enter');
  expect((await sent).postDataJSON()).toEqual({
    amount: 15,
    reason: 'ADDED_A_REVIEW',
    description: 'Left a kind review',
  });
});

test('refund project (record, money, two selects, textarea): a refused submit, then typing in order, sends exactly that', async ({
  page,
  baseURL,
}) => {
  const { user, project } = await refundableProject(baseURL as string, 40);
  await signIn(page, 'SUPPORT_MASTER', `/users/${user.id}/general`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await commandsReady(page);
  await page.keyboard.press('Shift+F');
  const projectField = page.getByLabel('Project', { exact: true });
  await expect(projectField).toBeFocused();
  await expect(page.getByLabel('Reason')).not.toHaveAttribute('aria-busy', 'true');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(projectField).toBeFocused();
  await page.keyboard.type(String(project.id));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('4.25');
  await page.keyboard.press('Tab');
  await page.keyboard.type('As');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Dupl');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Charged twice for one gallery');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('This moves money.')).toBeVisible();
  const sent = nextPost(page, `/projects/editing/${project.id}/refund`);
  await page.keyboard.press('Enter');
  const request = await sent;
  expect(request.postDataJSON()).toEqual({
    amount: 4.25,
    to: 'credit',
    reason: 'DUPLICATE_PROJECT',
    description: 'Charged twice for one gallery',
  });
});

test('create A/B test (text, textarea, typed date): a date it cannot read is refused in the form, nothing sent; then exactly what was typed', async ({
  page,
}) => {
  await signIn(page, 'ADMIN');
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/a_b_testing')) posts.push(request);
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Create A/B test');
  await page.keyboard.press('Enter');
  const featureId = page.getByLabel('Feature id');
  await expect(featureId).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(featureId).toBeFocused();
  const feature = `checkout-${Date.now()}`;
  await page.keyboard.type(feature);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Checkout page');
  await page.keyboard.press('Tab');
  await page.keyboard.type('control 50, one-step 50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('One-step checkout');
  await page.keyboard.press('Tab');
  const ends = page.getByLabel('Ends (optional)');
  await expect(ends).toBeFocused();
  await page.keyboard.type('31/02');
  await page.keyboard.press('Enter');
  await expect(page.getByText('There is no 31 February')).toBeVisible();
  await expect(ends).toBeFocused();
  expect(posts).toHaveLength(0);

  // The refused field is focused with its text selected: typing replaces it.
  await page.keyboard.type('31 Dec 2027');
  await expect(page.getByText('Fri 31 Dec 2027')).toBeVisible();
  const sent = nextPost(page, '/a_b_testing');
  await page.keyboard.press('Enter');
  expect((await sent).postDataJSON()).toEqual({
    feature_id: feature,
    feature_label: 'Checkout page',
    variants: [
      { name: 'control', percentage: 50 },
      { name: 'one-step', percentage: 50 },
    ],
    description: 'One-step checkout',
    end_date: '2027-12-31',
  });
});

test('add trial photos (number, select, textarea): a refused submit, then typing in order, sends exactly what was typed', async ({
  page,
  baseURL,
}) => {
  const jane = await customer(baseURL as string, 'gmail', 6);
  // Trial photos are given by support agents, marketers and partner managers (not admins).
  await signIn(page, 'SUPPORT_PL1', `/users/${jane.id}/general`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await commandsReady(page);
  await page.keyboard.press('Shift+T');
  const photos = page.getByLabel('Photos', { exact: true });
  await expect(photos).toBeFocused();
  await expect(page.getByLabel('Reason')).not.toHaveAttribute('aria-busy', 'true');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(photos).toBeFocused();
  await page.keyboard.type('150');
  await expect(photos).toBeFocused();
  await expect(photos).toHaveValue('150');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tech');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Uploads failed twice');
  await expect(page.getByLabel('Description')).toHaveValue('Uploads failed twice');
  const sent = nextPost(page, `/users/${jane.id}/actions/add_trial_photos`);
  await page.keyboard.press('Control+Enter');
  expect((await sent).postDataJSON()).toEqual({
    amount: 150,
    reason: 'TECHNICAL_ISSUE',
    description: 'Uploads failed twice',
  });
});
