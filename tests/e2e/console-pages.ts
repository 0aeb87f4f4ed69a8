import { expect, type Page } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { areas, userDetailTabs } from '../../src/navigation';
import { apiAs } from './support';

/** A demo customer with a yearly contract (so charges, contract tables and credits all have rows), found by the API. */
export async function richCustomer(baseURL: string): Promise<CustomerRow> {
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
export function pagesOf(customerId: number): string[] {
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

/**
 * Waits until nothing is loading (no "Loading …" spinner) and what came with the data is painted (two frames). The
 * walks run with reduced motion (`walkOptions`): colours change at once, so no fade is measured halfway.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** How the walks open the console: 1440×900 (issue 18 item 7's size), asking for less motion (no colour fades). */
export const walkOptions = { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' } as const;

/** Moves within the single-page console (no reload), then waits for the page's heading and its data. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await settle(page);
}
