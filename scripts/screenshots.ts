import { chromium, type Page } from '@playwright/test';

/**
 * Retakes the README's screenshots (docs/images/*.png) from a running demo (`npm start`, or `--url`), signed in as
 * the demo's support master, at 1440×860 in the dark theme:
 *   node --import tsx scripts/screenshots.ts [--url http://localhost:8080]
 */
const url = process.argv.includes('--url') ? process.argv[process.argv.indexOf('--url') + 1] : 'http://localhost:8080';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ baseURL: url, viewport: { width: 1440, height: 860 } });
await page.addInitScript(() => window.localStorage.setItem('loupe.theme', 'dark'));

async function settle(target: Page): Promise<void> {
  await target
    .locator('[role="status"][aria-label^="Loading"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
  await target.waitForTimeout(400);
}

await page.goto('/login');
await page.getByLabel(/e-?mail/i).fill('support_master@example.com');
await page.getByLabel(/password/i).fill('loupe-demo');
await page.getByLabel(/password/i).press('Enter');
await page.getByRole('button', { name: /search or run/i }).waitFor();

// The all-users list, a row focused and its menu open.
await page.goto('/users/all-users');
const grid = page.getByRole('grid', { name: 'All customers' });
await grid.locator('tbody tr').first().waitFor();
await settle(page);
await grid.focus();
await page.keyboard.press('j');
await page.keyboard.press('j');
await page.keyboard.press('.');
await page.getByRole('menu').waitFor();
await page.screenshot({ path: 'docs/images/users-table.png' });
await page.keyboard.press('Escape');

// That customer's overview, and the palette open on it with a command typed.
await page.keyboard.press('Enter');
await page.locator('main h1').first().waitFor();
await settle(page);
await page.screenshot({ path: 'docs/images/customer.png' });
await page.keyboard.press('Control+k');
await page.locator('[cmdk-dialog]').waitFor();
await page.keyboard.type('money back');
await page.waitForTimeout(400);
await page.screenshot({ path: 'docs/images/palette.png' });

await browser.close();
console.log('docs/images: users-table.png, customer.png, palette.png');
