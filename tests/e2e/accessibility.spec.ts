import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { pagesOf, richCustomer, settle, visit } from './console-pages';
import { walkMorePlaces } from './more-places';
import { signIn } from './support';
import { CodeReader } from './visible-codes';

type Theme = 'dark' | 'light';

/** One axe finding worth failing for: serious or critical, on one page or overlay. */
interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Runs axe on whatever is on screen and keeps its serious and critical findings, counting what it scanned. */
class Scanner {
  readonly findings: Finding[] = [];
  scanned = 0;
  /** The same visit also reads the text on screen for values written as code (issue 18 item 6). */
  readonly codes: CodeReader;
  constructor(
    private readonly page: Page,
    private readonly theme: Theme,
  ) {
    this.codes = new CodeReader(page, 'ADMIN', theme);
  }

  async scan(where: string): Promise<void> {
    this.scanned += 1;
    await this.codes.check(where);
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
    test.setTimeout(240_000);
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
    await walkMorePlaces(page, (where) => axe.scan(where), 'ADMIN', customer.id, baseURL as string);

    console.log(axe.report());
    console.log(axe.codes.report());
    expect(axe.findings, JSON.stringify(axe.findings, null, 1)).toEqual([]);
    expect(axe.codes.sightings, JSON.stringify(axe.codes.sightings, null, 1)).toEqual([]);
  });
}
