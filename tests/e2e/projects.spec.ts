import { expect, type Page, test } from '@playwright/test';
import type { EditingProjectRow } from '../../domain/projects';
import type { CustomerRow } from '../../domain/users';
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
  await expect(page.getByLabel('Project id')).toHaveValue(String(project.id));
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
