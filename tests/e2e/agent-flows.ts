import { expect, type Locator, type Page } from '@playwright/test';
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
  /** Characters typed (the values), not counted as keys: what a shorter name in the palette saves shows here. */
  typed = 0;
  firstAt: number | undefined;
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.firstAt ??= performance.now();
    this.presses += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    this.firstAt ??= performance.now();
    this.typed += text.length;
    await this.page.keyboard.type(text);
  }
}

/**
 * Waits for what the next key needs, checked every frame, then asserts it once. `expect` alone retries a failed check
 * after 100, 250, 500, then 1000 ms: the bench would count that back-off as the console's time (a form focused 120 ms
 * after the key read as 350 ms).
 */
export async function whenFocused(page: Page, locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await page.waitForFunction((control) => document.activeElement === control, element, { polling: 'raf' });
  await expect(locator).toBeFocused();
}

export async function whenVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await expect(locator).toBeVisible();
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

/** The chooser's first option, once it is the project (Enter then picks it). */
function firstChoiceIs(page: Page, project: EditingProjectRow): Locator {
  const first = page.getByRole('listbox', { name: 'Project choices' }).getByRole('option').first();
  return first.filter({ hasText: `#${project.id}` });
}

/** Refund part of the named project as credit: Shift+F, the project by name, amount, destination, reason, note. */
export async function refundByName(page: Page, keys: KeyCounter, project: EditingProjectRow): Promise<void> {
  await keys.press('Shift+F');
  await whenFocused(page, page.getByLabel('Project', { exact: true }));
  await keys.type(project.project_name);
  await whenVisible(firstChoiceIs(page, project));
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
  await whenVisible(page.getByText('This moves money.'));
  // The confirm button takes the focus once the price is there.
  await whenFocused(page, page.getByRole('dialog').locator('button[type=submit]'));
  await keys.press('Enter');
  await whenVisible(page.getByText(`Project #${project.id}: `));
}

/** Re-edit the named project: Shift+Q, the project by name, the reason. */
export async function reeditByName(page: Page, keys: KeyCounter, project: EditingProjectRow): Promise<void> {
  await keys.press('Shift+Q');
  await whenFocused(page, page.getByLabel('Project', { exact: true }));
  await keys.type(project.project_name);
  await whenVisible(firstChoiceIs(page, project));
  await keys.press('Enter');
  await keys.press('Tab');
  await keys.type('Skin tones came out too warm');
  await keys.press('Control+Enter');
  await whenVisible(page.getByText(`Project #${project.id} is back in the queue to be edited again`));
}
