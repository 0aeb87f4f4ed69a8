import { expect, test } from '@playwright/test';
import { formatMoney, money } from '../../domain/money';
import type { EditingProjectRow } from '../../domain/projects';
import type { CustomerRow } from '../../domain/users';
import { apiAs, signIn } from './support';

/** A demo customer (further down the list than other suites use) with a refundable project, and an admin's API. */
async function refundableProject(baseURL: string) {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 100 },
  });
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users.slice(50)) {
    const answer = await api.get(`/admin/users/${user.id}/projects`, { headers });
    const { projects } = (await answer.json()) as { projects: EditingProjectRow[] };
    const project = projects.find(
      (row) =>
        row.total_charge.amount >= 2000 &&
        row.quick_actions.some((action) => action.name === 'REFUND' && !action.is_disabled),
    );
    if (project) return { user, project, api, headers };
  }
  throw new Error('No demo customer with a refundable editing project');
}

test('two agents, one refund: the second confirmation is refused with who refunded, and shows the fresh preview marked', async ({
  page,
  baseURL,
}) => {
  const { user, project, api, headers } = await refundableProject(baseURL as string);
  await signIn(page, 'SUPPORT_MASTER');
  const form = new URLSearchParams({
    run: 'project.refund',
    project_id: String(project.id),
    amount: '5',
    to: 'credit',
    reason: 'UNSATISFIED_WITH_EDITS',
    description: 'Late galleries',
  });
  await page.goto(`/users/${user.id}/projects?${form}`);
  await expect(page.getByLabel('Amount')).toHaveValue('5');
  await page.keyboard.press('Control+Enter');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Refunded before')).toBeVisible();
  const leftBefore = await preview.locator('dt', { hasText: 'Left after this refund' }).locator('+ dd').innerText();

  // Meanwhile an admin refunds the same project (reading first, as the console does).
  const read = await api.get(`/admin/projects/editing/${project.id}/refundable`, { headers });
  const refunded = await api.post(`/admin/projects/editing/${project.id}/refund`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID(), 'If-Match': read.headers().etag ?? '' },
    data: { amount: 5, to: 'credit', reason: 'UNSATISFIED_WITH_EDITS', description: 'Same ticket' },
  });
  expect(refunded.status()).toBe(200);

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/was just refunded .5\.00 by /)).toBeVisible();
  // The fresh preview marks what changed: refunded before, and what is left.
  await expect(preview.locator('[data-changed]')).toHaveCount(2);
  await expect(preview.locator('[data-changed]').first()).toContainText('Refunded before');
  await expect(preview.locator('s', { hasText: leftBefore })).toBeVisible();
  await expect(dialog.getByRole('button', { name: new RegExp(`^Refund project ${user.first_name}`) })).toBeFocused();
  await page.screenshot({ path: 'test-results/stale-preview.png' });

  // Knowing, the agent confirms the fresh preview: one more refund, on the new numbers.
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`Project #${project.id}: .5\\.00 refunded as credit`))).toBeVisible();
  const after = await api.get(`/admin/projects/editing/${project.id}/refundable`, { headers });
  const left = (await after.json()) as { refunded: { amount: number } };
  expect(left.refunded.amount).toBeGreaterThanOrEqual(1000);
  await api.dispose();
});

test('a change someone else makes to the open customer shows at once, quietly, and the page revalidates', async ({
  page,
  baseURL,
}) => {
  const { user, api, headers } = await refundableProject(baseURL as string);
  await signIn(page, 'SUPPORT_MASTER');
  await page.goto(`/users/${user.id}/credits`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.first_name);
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits).toBeVisible();
  await expect(credits.getByText('Given live by an admin')).toHaveCount(0);
  // Give the stream a moment to open (it opens 50 ms after the page watches the customer), then an admin acts.
  await expect(page.getByTestId('live-change')).toBeAttached();
  await page.waitForTimeout(500);
  const given = await api.post(`/admin/users/${user.id}/actions/give_credit`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { amount: 3, reason: 'SURVEY', description: 'Given live by an admin' },
  });
  expect(given.status()).toBe(200);
  await expect(page.getByTestId('live-change')).toHaveText(/ gave .3\.00 of credit · just now$/);
  await expect(credits.getByText('Given live by an admin')).toBeVisible();
  await page.screenshot({ path: 'test-results/live-change.png' });
  await api.dispose();
});

test('a big credit waits for a second person: the master asks, an admin approves on the Approvals page, the master hears it, the credit is given once', async ({
  browser,
  baseURL,
}) => {
  const { user, api, headers } = await refundableProject(baseURL as string);
  const totalCredits = async () => {
    const answer = await api.get(`/admin/users/${user.id}/general_details/credits`, { headers });
    return ((await answer.json()) as { total_credits: { amount: number } }).total_credits.amount;
  };
  const before = await totalCredits();
  const name = `${user.first_name} ${user.last_name}`.trim();
  const description = `Big goodwill ${Date.now()}`;
  // The demo's threshold: a support master's credits above 200 need a second person.
  const requester = await (await browser.newContext()).newPage();
  await signIn(requester, 'SUPPORT_MASTER');
  await requester.goto(
    `/users/${user.id}/credits?run=user.give-credit&amount=250&reason=SURVEY&description=${encodeURIComponent(description)}`,
  );
  await expect(requester.getByLabel('Amount')).toHaveValue('250');
  await requester.keyboard.press('Control+Enter');
  await expect(requester.getByText('This moves money.')).toBeVisible();
  await requester.keyboard.press('Enter');
  const dialog = requester.getByRole('dialog');
  await expect(dialog.getByText('This amount needs a second person’s approval.')).toBeVisible();
  await expect(
    dialog.getByText(/^Credits above .200\.00 need a second person’s approval for your role\.$/),
  ).toBeVisible();
  await requester.keyboard.press('Enter');
  await expect(requester.getByText('Sent for approval')).toBeVisible();
  expect(await totalCredits()).toBe(before);

  const approver = await (await browser.newContext()).newPage();
  await signIn(approver, 'ADMIN', '/approvals');
  await approver.goto('/approvals');
  const table = approver.getByRole('grid', { name: 'Approval requests' });
  const row = table.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Hana Kobayashi');
  // A click (or Enter) on someone else's pending request opens Approve on its confirmation.
  await row.click();
  // The preview is run afresh: the customer's credit now and after.
  const preview = approver.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Credit given so far');
  await expect(preview).toContainText(description);
  await expect(approver.getByRole('dialog').locator('button[type="submit"]')).toBeEnabled();
  await approver.screenshot({ path: 'test-results/approve-preview.png' });
  await approver.keyboard.press('Enter');
  await expect(approver.getByText('Approved: the requester hears of it now')).toBeVisible();

  await expect(
    requester.getByText(`Approved: ${formatMoney(money(25000, user.currency))} of credit for ${name}`),
  ).toBeVisible();
  expect(await totalCredits()).toBe(before + 25000);
  await api.dispose();
});

test('presence and undo: the master sees the admin on the customer and what she does; suspend → Undo, then Ctrl+Z', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api, token } = await apiAs('ADMIN', baseURL as string);
  const filtered = await api.post('/admin/users/users_filter', {
    headers: { Authorization: `Bearer ${token}` },
    data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 100 },
  });
  const user = ((await filtered.json()) as { users: CustomerRow[] }).users[90];
  if (!user) throw new Error('No active demo customer');
  await api.dispose();

  await signIn(page, 'SUPPORT_MASTER');
  await page.goto(`/users/${user.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.first_name);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'ADMIN');
  // The admin opens the same customer with the suspend form open: the master's header says so.
  await admin.goto(`/users/${user.id}/general?run=user.suspend`);
  const present = page.getByRole('list', { name: 'Also open by' });
  await expect(present).toContainText(/since \d{1,2}:\d{2} · in Suspend/);
  await adminContext.close();
  await expect(present).toHaveCount(0);

  const status = page.getByRole('heading', { level: 1 });
  const suspend = async () => {
    await page.goto(`/users/${user.id}/general?run=user.suspend&reason=FRAUD`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Description')).toBeVisible();
    await page.keyboard.press('Control+Enter');
    await expect(dialog.getByRole('button', { name: /^Suspend/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status).toContainText('Suspended');
  };
  await suspend();
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(status).toContainText('Active');
  await expect(page.getByText('Undone: Suspend')).toBeVisible();

  await suspend();
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(status).toContainText('Active');
});
