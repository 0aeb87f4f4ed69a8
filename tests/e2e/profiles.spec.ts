import { expect, type Page, test } from '@playwright/test';
import type { FinetuneHistoryAnswer, ProfilesAnswer } from '../../domain/profiles';
import type { CustomerRow } from '../../domain/users';
import { apiAs, signIn } from './support';

/** A demo customer with a profile shared with them and an own profile with an earlier model, found through the API. */
async function customerWithProfiles(baseURL: string) {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const filtered = await api.post('/admin/users/users_filter', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 200 },
  });
  const { users } = (await filtered.json()) as { users: CustomerRow[] };
  for (const user of users) {
    const answer = (await (await api.get(`/admin/users/${user.id}/profiles`, { headers })).json()) as ProfilesAnswer;
    const shared = answer.profiles.find((profile) => profile.sharing?.type === 'SHARED_WITH_ME');
    for (const own of answer.profiles.filter((profile) => profile.sharing?.type !== 'SHARED_WITH_ME')) {
      const history = (await (
        await api.get(`/admin/profiles/${own.id}/finetune-history`, { headers })
      ).json()) as FinetuneHistoryAnswer;
      const earlier = history.rows.find((row) => row.action === 'REVERT');
      if (shared && earlier) {
        await api.dispose();
        return { user, own, shared, models: history.rows.length, revertTo: earlier.model_id };
      }
    }
  }
  throw new Error('No demo customer with a shared profile and an own profile of two models or more');
}

/** Presses Tab until the named control has focus (keyboard only, as a person would). */
async function tabTo(page: Page, role: 'button' | 'link', name: string) {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${role} ${name}`);
}

test('keyboard only: open a customer’s Profiles tab, read a finetune history, revert to an earlier model, go to a shared profile’s owner', async ({
  page,
  baseURL,
}) => {
  const { user, own, shared, models, revertTo } = await customerWithProfiles(baseURL as string);
  await signIn(page, 'SUPPORT_PL1');

  await page.keyboard.press('Control+k');
  await page.keyboard.type(user.email);
  // Another customer's address may contain this one: arrow down to this customer's own option (it ends in the id).
  const option = page.getByRole('option', { name: new RegExp(`· #${user.id}$`) });
  await expect(option.first()).toBeVisible();
  for (let presses = 0; presses < 10 && (await option.first().getAttribute('aria-selected')) !== 'true'; presses++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/general$`));

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Profiles');
  await expect(page.getByRole('option', { name: /› Profiles( Shortcut .*)?$/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/profiles$`));
  const table = page.getByRole('table', { name: 'Profiles' });
  await expect(table.getByRole('row', { name: new RegExp(own.profile_name) }).first()).toBeVisible();
  await expect(table).toContainText('Shared with me');

  await tabTo(page, 'button', `Finetune history of ${own.profile_name} (profile #${own.id})`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}/profiles\\?history=${own.id}$`));
  const history = page.getByRole('table', { name: `Finetune history of ${own.profile_name}` });
  await expect(history.getByRole('row')).toHaveCount(models + 1);
  await expect(page.getByRole('heading', { name: `Finetune history · ${own.profile_name}` })).toBeFocused();
  await page.screenshot({ path: '/tmp/profiles-finetune-history.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  // Revert to the earlier model from the history, through the command's form and confirmation.
  await tabTo(page, 'button', `Finetune history of ${own.profile_name} (profile #${own.id})`);
  await page.keyboard.press('Enter');
  await tabTo(page, 'button', `Revert to #${revertTo}`);
  await page.keyboard.press('Enter');
  // The model chooser, prefilled from the row: it names the model by its date, with its id.
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(new RegExp(`#${revertTo}$`));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(new RegExp(`edits with model #${revertTo} from now on`))).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Profile #${own.id} reverted`)).toBeVisible();
  await expect(history.getByRole('row', { name: new RegExp(`#${revertTo}`) })).toContainText('current');

  const owner = shared.sharing?.owner_id;
  await tabTo(page, 'link', `Go to the owner of ${shared.profile_name} (customer ${owner})`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${owner}/profiles$`));
  await expect(page.getByRole('table', { name: 'Profiles' })).toContainText(shared.profile_name);
});
