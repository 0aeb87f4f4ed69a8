import { expect, type Page, test } from '@playwright/test';
import type { PartnerRow } from '../../domain/partners';
import { apiAs, signIn } from './support';

/** Presses Tab until the form's field `name` has focus (keyboard only, as a person would). */
async function tabToField(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses++) {
    if (await page.evaluate((id) => document.activeElement?.id === id, `command-field-${name}`)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the field ${name}`);
}

/** The partner with this ref, through the API (to name it in the next deep link). */
async function partnerByRef(baseURL: string, ref: string): Promise<PartnerRow> {
  const { api, token } = await apiAs('PARTNERS_MANAGER', baseURL);
  const answer = await api.get(`/admin/partners/search/${encodeURIComponent(ref)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { partners } = (await answer.json()) as { partners: PartnerRow[] };
  await api.dispose();
  const partner = partners.find((row) => row.ref === ref);
  if (!partner) throw new Error(`no partner with ref ${ref}`);
  return partner;
}

test('keyboard only: create an affiliate (a taken ref is refused inline, then fixed), add an activity with UTMs and a short link, open it, see the click counted', async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const ref = `e2e${stamp}`;
  const slug = `e2e-${stamp}`;
  await signIn(page, 'PARTNERS_MANAGER');

  // The deep link of the issue opens the create form with the type chosen; the name has focus.
  await page.goto('/partners-management/partners?run=partner.create&type=AFFILIATE');
  const form = page.getByRole('form', { name: 'New partner form' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#command-field-type')).toHaveValue('AFFILIATE');
  await page.keyboard.type(`E2E Affiliate ${stamp}`);
  await tabToField(page, 'email');
  await page.keyboard.type(`${ref}@partners.example`);
  await tabToField(page, 'ref');
  // The first demo affiliate's ref: checked as it is typed, refused under the field, Continue waits.
  await page.keyboard.type('ShootAndShare1');
  await expect(form.getByText('Another partner already uses this ref')).toBeVisible();
  await expect(form.getByRole('button', { name: 'New partner' })).toBeDisabled();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(ref);
  await expect(page.locator('#command-field-ref-hint')).toContainText('Available');
  await expect(page.locator('#command-field-email-hint')).toContainText('Available');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Partner E2E Affiliate ${stamp} created`)).toBeVisible();
  await expect(form).toBeHidden();

  // An activity for that partner, with its UTMs and a short link whose slug is checked as it is typed.
  const partner = await partnerByRef(baseURL as string, ref);
  expect(partner.type).toBe('AFFILIATE');
  await page.goto(`/partners-management/partner-activities?run=activity.create&partner_id=${partner.id}`);
  const activityForm = page.getByRole('form', { name: 'New partner activity form' });
  await expect(activityForm).toBeVisible();
  // The types come from GET activity_types: wait until the select has them.
  await expect(page.locator('#command-field-type option[value="VIDEO"]')).toHaveCount(1);
  await tabToField(page, 'type');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#command-field-type')).toHaveValue('VIDEO');
  await tabToField(page, 'cost');
  await page.keyboard.type('300');
  await tabToField(page, 'base_url');
  // Tracking links lead to public https sites only (docs/security.md); the browser's visit there is answered here.
  await page.keyboard.type('https://studio.loupe.example/launch');
  await tabToField(page, 'utm_source');
  await page.keyboard.type('youtube');
  await tabToField(page, 'utm_medium');
  await page.keyboard.type('video');
  await tabToField(page, 'utm_campaign');
  await page.keyboard.type(`launch_${stamp}`);
  await tabToField(page, 'utm_content');
  await page.keyboard.type('reel_01');
  await tabToField(page, 'slug');
  await page.keyboard.type(slug);
  await expect(page.locator('#command-field-slug-hint')).toContainText('Available');
  await expect(page.locator('#command-field-utm_source-hint')).toContainText('Available');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Activity added')).toBeVisible();

  // The short link is real: it redirects to the built link (UTMs added) and counts the click. The site it leads to is
  // outside (public https only), so the redirect is read, not followed.
  const opened = await page.request.get(`${baseURL}/l/${slug}`, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  const location = opened.headers().location ?? '';
  expect(location.startsWith('https://studio.loupe.example/launch?')).toBe(true);
  expect(location).toContain(`utm_campaign=launch_${stamp}`);
  expect(location).toContain('utm_source=youtube');

  // Keyboard: the partner's row (found by its ref), Enter opens its activities; the click is counted there.
  await page.goto(`/partners-management/partners?f=ref:text:equal:${ref}`);
  const partners = page.getByRole('grid', { name: 'Partners' });
  await expect(partners.getByRole('row', { name: new RegExp(`E2E Affiliate ${stamp}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`partner-activities\\?f=partner_id:number:eq:${partner.id}`));
  const table = page.getByRole('grid', { name: 'Partner activities' });
  const row = table.getByRole('row', { name: new RegExp(`E2E Affiliate ${stamp}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`/l/${slug}`);
  await expect(row.getByText('1', { exact: true })).toBeVisible();
});
