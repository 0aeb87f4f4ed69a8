import { expect, type Page } from '@playwright/test';
import type { EditingProjectRow } from '../../domain/projects';
import type { CustomerRow } from '../../domain/users';

/**
 * Two agent tasks of issue 18 done as an agent does them, keyboard only, from a customer's page: refund a project a
 * ticket names (amount, destination, reason) and re-edit a named project. Shared by the browser test that counts their
 * keys (agent-keys.spec.ts) and `npm run bench:ui -- --parts=agent`, which also times them.
 */

/** Keys pressed beyond the typed values (a typed value is one `type`, whatever its length), and when the first went. */
export class KeyCounter {
  presses = 0;
  firstAt: number | undefined;
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.firstAt ??= performance.now();
    this.presses += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    this.firstAt ??= performance.now();
    await this.page.keyboard.type(text);
  }
}

/** A customer and one of their editing projects whose name no other of their projects shares. */
export interface NamedProject {
  user: CustomerRow;
  project: EditingProjectRow;
}

/** The demo's first active customers with a project the role may act on with `action`, found through the API. */
export async function findNamedProject(origin: string, action: 'REFUND' | 'RE_EDIT', skip = 0): Promise<NamedProject> {
  const login = await fetch(`${origin}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const filtered = await fetch(`${origin}/admin/users/users_filter`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }],
      page_size: 120,
    }),
  });
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users.slice(skip)) {
    const answer = await fetch(`${origin}/admin/users/${user.id}/projects?page_size=50`, { headers });
    const { projects } = (await answer.json()) as { projects: EditingProjectRow[] };
    const project = projects.find(
      (row) =>
        projects.filter((other) => other.project_name === row.project_name).length === 1 &&
        (action !== 'REFUND' || row.total_charge.amount >= 1000) &&
        row.quick_actions.some((quick) => quick.name === action && !quick.is_disabled),
    );
    if (project) return { user, project };
  }
  throw new Error(`No demo customer with a project offering ${action}`);
}

/**
 * Waits until the commands (a lazy chunk) are there: the header's buttons then show their shortcuts. A shortcut pressed
 * before is held only briefly, and a loaded machine can take longer than that to bring them.
 */
export async function commandsReady(page: Page): Promise<void> {
  // The header's first command, with its key hint: the commands (and their shortcuts) are there.
  await expect(page.getByRole('button', { name: /^Give credit/ })).toContainText('Shift');
}

/** Opens the customer's page and waits until it takes keys. */
export async function openCustomer(page: Page, user: CustomerRow): Promise<void> {
  await page.goto(new URL(`/users/${user.id}/general`, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/general$`));
  await commandsReady(page);
}

/** Refund part of the named project as credit: Shift+F, the project by name, amount, destination, reason, note. */
export async function refundByName(page: Page, keys: KeyCounter, project: EditingProjectRow): Promise<void> {
  await keys.press('Shift+F');
  const chooser = page.getByLabel('Project', { exact: true });
  await expect(chooser).toBeFocused();
  await keys.type(project.project_name);
  await expect(page.getByRole('listbox', { name: 'Project choices' }).getByRole('option').first()).toContainText(
    `#${project.id}`,
  );
  await keys.press('Enter');
  await keys.press('Tab');
  await keys.type('2.50');
  await keys.press('Tab');
  await keys.type('As');
  await keys.press('Tab');
  await keys.type('Dupl');
  await keys.press('Tab');
  await keys.type('Ticket 4711: charged twice');
  await keys.press('Control+Enter');
  await expect(page.getByText('This moves money.')).toBeVisible();
  await expect(page.getByRole('dialog').locator('button[type=submit]')).toBeFocused();
  await keys.press('Enter');
  await expect(page.getByText(`Project #${project.id}: `)).toBeVisible();
}

/** Re-edit the named project: Shift+Q, the project by name, the reason. */
export async function reeditByName(page: Page, keys: KeyCounter, project: EditingProjectRow): Promise<void> {
  await keys.press('Shift+Q');
  await expect(page.getByLabel('Project', { exact: true })).toBeFocused();
  await keys.type(project.project_name);
  await expect(page.getByRole('listbox', { name: 'Project choices' }).getByRole('option').first()).toContainText(
    `#${project.id}`,
  );
  await keys.press('Enter');
  await keys.press('Tab');
  await keys.type('Skin tones came out too warm');
  await keys.press('Control+Enter');
  await expect(page.getByText(`Project #${project.id} is back in the queue to be edited again`)).toBeVisible();
}
