import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { areas, userDetailTabs } from '../../src/navigation';
import { apiAs, signIn } from './support';

type Theme = 'dark' | 'light';

/** One axe finding worth failing for: serious or critical, on one page or overlay. */
interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** A demo customer with a yearly contract (so charges, contract tables and credits all have rows), found by the API. */
async function richCustomer(baseURL: string): Promise<CustomerRow> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.post('/admin/users/users_filter', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      filters: [
        { kind: 'multi', column: 'subscription_type', op: 'equal', value: ['CORPORATE_CONTRACT'] },
        { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
      ],
      page_size: 5,
    },
  });
  expect(answer.status()).toBe(200);
  const { users } = (await answer.json()) as { users: CustomerRow[] };
  await api.dispose();
  const found = users[0];
  if (!found) throw new Error('No active demo customer on a yearly contract');
  return found;
}

/** Every signed-in page of the route table: each area's tabs, a search, a model, each customer tab, an unknown path. */
function pagesOf(customerId: number): string[] {
  const areaPages = areas.flatMap((area) =>
    area.tabs.length ? area.tabs.map((tab) => `${area.path}/${tab.slug}`) : [area.path],
  );
  const customerPages = userDetailTabs.map((tab) => `/users/${customerId}/${tab.slug}`);
  return [
    ...areaPages,
    '/users/search?q=studio',
    '/models/1',
    ...customerPages,
    '/bulk-runs',
    '/operations-center/staff',
    '/operations-center/audit',
    '/no-such-page',
  ];
}

/** Moves within the single-page console (no reload), then waits for the page's heading and its data. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await settle(page);
}

/** Waits until nothing is loading (no "Loading …" spinner) and animations have run. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(150);
}

/** Runs axe on whatever is on screen and keeps its serious and critical findings, counting what it scanned. */
class Scanner {
  readonly findings: Finding[] = [];
  scanned = 0;
  constructor(
    private readonly page: Page,
    private readonly theme: Theme,
  ) {}

  async scan(where: string): Promise<void> {
    this.scanned += 1;
    // Legacy mode runs axe in the page itself (the console has no frames) instead of gathering the results in a new
    // blank page per scan, which took 2-3 times as long; only violations come back in full.
    const { violations } = await new AxeBuilder({ page: this.page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      this.findings.push({
        where: `${this.theme} ${where}`,
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`),
      });
    }
  }

  /** One line for the CI log: how many places were scanned and what axe found, by rule. */
  report(): string {
    const byRule = new Map<string, number>();
    for (const finding of this.findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
    const rules = [...byRule].map(([rule, count]) => `${rule} ×${count}`).join(', ') || 'none';
    const serious = this.findings.filter((finding) => finding.impact === 'serious').length;
    const critical = this.findings.length - serious;
    return `axe, ${this.theme} theme: ${this.scanned} pages and overlays, ${serious} serious, ${critical} critical (${rules})`;
  }
}

/** The overlays: keyboard help, the palette (root, a form, a confirmation with its preview), a toast. */
async function scanCustomerOverlays(page: Page, axe: Scanner): Promise<void> {
  const help = page.getByRole('heading', { name: 'Keyboard shortcuts' });
  await page.locator('main').focus();
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await axe.scan('keyboard help');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  const dialog = page.locator('[cmdk-dialog]');

  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await settle(page);
  await axe.scan('palette root');
  await page.keyboard.type('Give credit');
  await expect(page.getByRole('option', { name: /^Give credit/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox').first()).toBeVisible();
  await axe.scan('palette form (give credit)');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Change currency');
  await expect(page.getByRole('option', { name: /^Change currency/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const select = page.getByLabel('New currency');
  await expect(select).toBeFocused();
  await expect(select.locator('option').nth(1)).toBeAttached();
  await select.selectOption({ index: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  await settle(page);
  await axe.scan('palette confirmation with preview');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.locator('main').focus();
  await page.keyboard.press('Shift+R');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText(/Reset-password e-mail sent/),
  ).toBeVisible();
  await axe.scan('toast');
}

/** The users table's overlays: a row menu, the column menu, a column's filter popover. */
async function scanTableOverlays(page: Page, axe: Scanner): Promise<void> {
  await visit(page, '/users/all-users');
  const grid = page.getByRole('grid', { name: 'All customers' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  await grid.focus();
  await page.keyboard.press('j');
  await page.keyboard.press('.');
  await expect(page.getByRole('menu')).toBeVisible();
  await axe.scan('row menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: /^Columns/ }).click();
  await expect(page.getByRole('group', { name: 'Visible columns' })).toBeVisible();
  await axe.scan('column menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Visible columns' })).toBeHidden();

  await grid.getByRole('button', { name: 'Filter Status' }).click();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  await axe.scan('filter popover');
  await page.keyboard.press('Escape');
}

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no serious or critical violation on any page, tab or overlay, ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const customer = await richCustomer(baseURL as string);
    await page.addInitScript((chosen) => window.localStorage.setItem('loupe.theme', chosen), theme);
    const axe = new Scanner(page, theme);

    await page.goto('/login');
    await expect(page.getByLabel(/password/i)).toBeVisible();
    await axe.scan('/login');
    await signIn(page, 'ADMIN');
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);

    for (const path of pagesOf(customer.id)) {
      await visit(page, path);
      await axe.scan(path);
    }
    await visit(page, `/users/${customer.id}/general`);
    await scanCustomerOverlays(page, axe);
    await scanTableOverlays(page, axe);

    console.log(axe.report());
    expect(axe.findings, JSON.stringify(axe.findings, null, 1)).toEqual([]);
  });
}
