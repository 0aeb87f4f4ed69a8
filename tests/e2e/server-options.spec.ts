import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The console follows the server's option lists: pointed at a server that answers one more option in each list than
 * this console's domain knows, every select fed by that call offers it.
 */
const extra = (value: string) => ({ value, label: `Server-only ${value.toLowerCase()}` });

/** Answers the real server's options plus one, for the option call at `path` (under /admin). */
async function addOption(page: Page, path: string, value: string): Promise<void> {
  await page.route(`**/admin/${path}`, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { options: { value: string; label: string }[] };
    await route.fulfill({ response, json: { ...answer, options: [...answer.options, extra(value)] } });
  });
}

test('notification selects offer what the server lists, in the generator and in the send form', async ({ page }) => {
  await addOption(page, 'notifications/category-options', 'SEASONAL');
  await addOption(page, 'notifications/sentiment-options', 'CALM');
  await addOption(page, 'notifications/trigger-options', 'ON_BIRTHDAY');
  await signIn(page, 'ADMIN');
  await page.goto('/operations-center/notifications');
  const compose = page.getByRole('region', { name: 'Compose' });
  await expect(compose.getByLabel('Category').locator('option', { hasText: 'Server-only seasonal' })).toHaveCount(1);
  await expect(compose.getByLabel('Sentiment').locator('option', { hasText: 'Server-only calm' })).toHaveCount(1);
  await expect(compose.getByLabel('Trigger').locator('option', { hasText: 'Server-only on_birthday' })).toHaveCount(1);

  await page.goto('/operations-center/notifications?run=notification.send');
  const sendForm = page.getByRole('form', { name: 'Send notification form' });
  await expect(sendForm).toBeVisible();
  await expect(sendForm.getByLabel('Category').locator('option', { hasText: 'Server-only seasonal' })).toHaveCount(1);
  await expect(sendForm.getByLabel('Sentiment').locator('option', { hasText: 'Server-only calm' })).toHaveCount(1);
  await expect(sendForm.getByLabel('Trigger').locator('option', { hasText: 'Server-only on_birthday' })).toHaveCount(1);
});
