import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { PendingRow } from '../../domain/pending-projects';
import type { EditingProjectRow } from '../../domain/projects';
import type { CustomerRow } from '../../domain/users';
import { refundableProject } from './refundable-project';
import { apiAs, signIn } from './support';

/** A demo customer whose newest editing projects include a delivered one (re-edit offered), found as an admin. */
async function customerWithDeliveredProject(baseURL: string) {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 50 },
  });
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users) {
    const answer = await api.get(`/admin/users/${user.id}/projects`, { headers });
    const { projects } = (await answer.json()) as { projects: EditingProjectRow[] };
    const project = projects.find((row) =>
      row.quick_actions.some((action) => action.name === 'RE_EDIT' && !action.is_disabled),
    );
    if (project) {
      await api.dispose();
      return { user, project };
    }
  }
  throw new Error('No demo customer with a delivered editing project');
}

async function tabTo(page: Page, name: string) {
  const target = page.getByRole('button', { name, exact: true });
  for (let presses = 0; presses < 120; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

test('keyboard only: re-edit a delivered project from its row menu, with a reason; it waits on the pending-projects page', async ({
  page,
  baseURL,
}) => {
  const { user, project } = await customerWithDeliveredProject(baseURL as string);
  await signIn(page, 'SUPPORT_PL1', `/users/${user.id}/projects`);
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/projects$`));
  const table = page.getByRole('table', { name: 'Editing projects' });
  await expect(table).toContainText(project.project_name);

  await tabTo(page, `Actions for project #${project.id}`);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Project #${project.id}` });
  await expect(menu.getByRole('menuitem', { name: /Re-edit project/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Project', { exact: true })).toHaveValue(new RegExp(`#${project.id}$`));
  const reason = page.getByLabel('Reason');
  for (
    let presses = 0;
    presses < 4 && !(await reason.evaluate((element) => element === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(reason).toBeFocused();
  await page.keyboard.type('Skin tones came out too warm');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(`Project #${project.id} is back in the queue to be edited again`)).toBeVisible();
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Actions for project #${project.id}`, exact: true }) });
  await expect(row).toContainText('Uploaded');

  // It waits in the pending-projects queue again: G then P opens it (oldest first), narrowed to this customer.
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/pending-projects$/);
  const queue = page.getByRole('grid', { name: 'Pending projects' });
  const oldest = queue.getByRole('row').nth(1);
  await expect(oldest).toContainText(/Uploaded|Processing|Waiting for training/);
  await expect(oldest).toContainText(/waits|Being processed|Sent for training/);
  await page.goto(`/pending-projects?f=user_id:number:eq:${user.id}&f=kind:multi:equal:EDITING`);
  const queued = queue.getByRole('row').filter({ hasText: project.project_name });
  await expect(queued.first()).toContainText('Uploaded: waits to be edited');
});

/** A demo model waiting for training whose state a support member may change, with its customer, found as an admin. */
async function pendingModel(baseURL: string) {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.post('/admin/projects/pending_projects', {
    headers: { Authorization: `Bearer ${token}` },
    data: { filters: [{ kind: 'multi', column: 'kind', op: 'equal', value: ['MODEL'] }], page_size: 50 },
  });
  const { rows } = (await answer.json()) as { rows: PendingRow[] };
  await api.dispose();
  const model = rows.find((row) =>
    row.quick_actions.some((action) => action.name === 'CHANGE_STATE' && !action.is_disabled),
  );
  if (!model) throw new Error('No demo model waiting for training that can change state');
  return model;
}

test('keyboard only: put a waiting model on hold from its row in the pending-projects queue; it leaves the queue', async ({
  page,
  baseURL,
}) => {
  const model = await pendingModel(baseURL as string);
  // The customer's waiting work, oldest first: the model is one of a few rows.
  await signIn(page, 'SUPPORT_PL1', `/pending-projects?f=user_id:number:eq:${model.user_id}`);
  const queue = page.getByRole('grid', { name: 'Pending projects' });
  await expect(queue).toBeFocused();
  const row = queue.locator(`tbody tr[data-row-id="${model.id}"]`);
  await expect(row).toContainText('Sent for training');
  for (let presses = 0; presses < 20 && (await row.getAttribute('aria-selected')) !== 'true'; presses++) {
    await page.keyboard.press('j');
  }
  await expect(row).toHaveAttribute('aria-selected', 'true');

  // `.` opens the row's menu: the Models page's commands; the first is the state change.
  await page.keyboard.press('.');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Change model state/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Open model’s profile/ })).toBeVisible();
  await page.keyboard.press('Enter');
  // The model is a chooser, prefilled from the row: it shows the model as the console writes its id.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue(`#${model.record_id}`);
  await expect(page.getByLabel('Version read')).toHaveValue(model.last_updated_row ?? 'missing');
  const state = page.getByLabel('New state');
  for (
    let presses = 0;
    presses < 6 && !(await state.evaluate((element) => element === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(state).toBeFocused();
  await state.selectOption('ON_HOLD');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(`Model #${model.record_id} is on hold now`)).toBeVisible();
  // The queue refreshes in place: the held model is no longer waiting.
  await expect(row).toHaveCount(0);
  await expect(queue).toBeVisible();
});

test('keyboard only: open a customer, find a project, refund part of it to credit with a preview; the credit and the audit row show', async ({
  page,
  baseURL,
}) => {
  const { user, project } = await refundableProject(baseURL as string, 20);
  await signIn(page, 'SUPPORT_MASTER');
  await page.keyboard.press('Control+k');
  await page.keyboard.type(user.email);
  await expect(page.getByRole('option', { name: new RegExp(user.email.replace(/[.+]/g, '\\$&')) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/general$`));
  await page.keyboard.press('Control+k');
  await page.keyboard.type('projects');
  await expect(page.getByRole('dialog').getByRole('option', { selected: true })).toContainText('Projects');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/projects`));
  await expect(page.getByRole('table', { name: 'Editing projects' })).toContainText(project.project_name);

  // On the project's row, the palette offers that row's commands first.
  await tabTo(page, `Actions for project #${project.id}`);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog').getByRole('option', { selected: true })).toContainText(
    `Refund project #${project.id}`,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Project', { exact: true })).toHaveValue(new RegExp(`#${project.id}$`));
  // The prefilled project is never the focused field: the form opens on the first empty one.
  await expect(page.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Refund to')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Refund to')).toHaveValue('credit');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Reason')).toBeEnabled();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Refunded in part: two galleries were late');
  await page.keyboard.press('Control+Enter');

  // The preview names the amount, the currency and where it goes, before anything runs.
  await expect(page.getByText('This moves money.')).toBeVisible();
  await expect(page.getByText(/Adds .5\.00 \([A-Z]{3}\) of credit to .* account/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('As customer credit')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`Project #${project.id}: .5\\.00 refunded as credit`))).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('7');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/credits$`));
  const credits = page.getByRole('table', { name: 'Credits' });
  await expect(credits.getByRole('row').filter({ hasText: 'two galleries were late' })).toContainText(/5\.00/);

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/audit$`));
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(
    audit
      .getByRole('row')
      .filter({ hasText: /refund/i })
      .first(),
  ).toContainText(/Support master.*OK/);
});

test('keyboard only: Shift+F on a project row opens its refund prefilled (nothing runs); the row’s download saves a ZIP of its photos', async ({
  page,
  baseURL,
}) => {
  const { user, project } = await refundableProject(baseURL as string, 20);
  await signIn(page, 'ADMIN', `/users/${user.id}/projects`);
  await expect(page.getByRole('table', { name: 'Editing projects' })).toContainText(project.project_name);

  // The refund shortcut on the focused row: the form opens with the project filled in; Escape leaves it unrun.
  await tabTo(page, `Actions for project #${project.id}`);
  await page.keyboard.press('Shift+F');
  await expect(page.getByLabel('Project', { exact: true })).toHaveValue(new RegExp(`#${project.id}$`));
  await expect(page.getByLabel('Amount')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Amount')).toHaveCount(0);

  // The row's download from the palette: a signed link, streamed with progress, saved as a ZIP that lists its photos.
  await tabTo(page, `Actions for project #${project.id}`);
  const saved = page.waitForEvent('download', { timeout: 30_000 });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('download project photos');
  await expect(page.getByRole('dialog').getByRole('option', { selected: true })).toContainText(/Download/);
  await page.keyboard.press('Enter');
  const form = page.getByLabel('Project', { exact: true });
  if (await form.isVisible().catch(() => false)) {
    await expect(form).toHaveValue(new RegExp(`#${project.id}$`));
    await page.keyboard.press('Control+Enter');
  }
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = join(mkdtempSync(join(tmpdir(), 'loupe-e2e-zip-')), download.suggestedFilename());
  await download.saveAs(path);
  const listing = execFileSync('unzip', ['-l', path], { encoding: 'utf8' });
  const photos = listing.split('\n').filter((line) => /\.png$/.test(line.trim()));
  expect(photos.length).toBe(Math.max(1, project.number_of_edit_sent || project.number_of_images_sent));
  await expect(page.getByText(`Project #${project.id}’s photos are downloaded`)).toBeVisible();
});
