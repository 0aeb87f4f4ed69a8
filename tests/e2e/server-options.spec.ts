import { expect, type Page, test } from '@playwright/test';
import type { CustomerRow } from '../../domain/users';
import { apiAs, signIn } from './support';

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

type Option = { value: string; label: string };
type Answer = Record<string, unknown>;

/** Answers the real server's answer at `path` (under /admin, any query) changed by `change`. */
async function extend(page: Page, path: string, change: (answer: Answer) => unknown): Promise<void> {
  await page.route(new RegExp(`/admin/${path}(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as Answer) });
  });
}

/** One more option in each `{value, label}` list of an answer, named after the list. */
const withExtra =
  (...keys: string[]) =>
  (answer: Answer) => ({
    ...answer,
    ...Object.fromEntries(
      keys.map((key) => [key, [...(answer[key] as Option[]), extra(`EXTRA_${key.toUpperCase()}`)]]),
    ),
  });

/** A form's select offers the extra option of its list. */
async function offers(page: Page, form: string, label: string, key: string): Promise<void> {
  const select = page.getByRole('form', { name: form }).getByLabel(label, { exact: true });
  await expect(select.locator('option', { hasText: `Server-only extra_${key}` })).toHaveCount(1);
}

test('every other select offers what its call lists: promotion link, banner, partner, activity (UTM), reasons', async ({
  page,
}) => {
  // Five forms on four pages in one test: 19 s on a quiet machine, 30 s (the default limit) under load.
  test.slow();
  await extend(
    page,
    'marketing/promotions/link_form_data',
    withExtra('benefit', 'landing_page', 'source', 'action', 'duration_unit'),
  );
  await extend(
    page,
    'new_banner_field_options',
    withExtra('banner_types', 'countries', 'languages', 'subscription_types', 'feature_flags'),
  );
  await extend(page, 'partners/partner_types', withExtra('data'));
  await extend(page, 'partners/partner_owners', (answer) => ({
    data: [...(answer.data as unknown[]), { id: 987_654, name: 'Server-only extra_owner', email: 'owner@example.com' }],
  }));
  await extend(page, 'activity_types', withExtra('data'));
  await extend(page, 'utm_sources', (answer) => ({ data: [...(answer.data as string[]), 'server-only-source'] }));
  await extend(page, 'utm_mediums', (answer) => ({ data: [...(answer.data as string[]), 'server-only-medium'] }));
  await extend(page, 'give_credit_possible_reasons', (answer) => [
    ...(answer as unknown as Option[]),
    extra('EXTRA_CREDIT'),
  ]);
  await extend(page, 'add_trial_photos_reasons', (answer) => [
    ...(answer as unknown as Option[]),
    extra('EXTRA_TRIAL'),
  ]);
  await signIn(page, 'MARKETER_PLUS');

  await page.goto('/operations-center/offer-generator?run=promotion.generate-link');
  const link = 'Generate promotion link form';
  await offers(page, link, 'Benefit', 'benefit');
  await offers(page, link, 'Landing page', 'landing_page');
  await offers(page, link, 'Source', 'source');
  await offers(page, link, 'Action', 'action');
  await offers(page, link, 'Unit', 'duration_unit');

  await page.goto('/operations-center/banners?run=banner.create');
  const banner = 'Create banner form';
  await offers(page, banner, 'Type', 'banner_types');
  await offers(page, banner, 'Country (all when empty)', 'countries');
  await offers(page, banner, 'Language (all when empty)', 'languages');
  await offers(page, banner, 'Subscription (all when empty)', 'subscription_types');
  await offers(page, banner, 'Feature flag (all when empty)', 'feature_flags');

  await page.goto('/partners-management/partners?run=partner.create');
  await offers(page, 'New partner form', 'Type', 'data');
  await offers(page, 'New partner form', 'Owner', 'owner');

  await page.goto('/partners-management/partner-activities?run=activity.create');
  const activity = page.getByRole('form', { name: 'New partner activity form' });
  await offers(page, 'New partner activity form', 'Type', 'data');
  for (const [label, value] of [
    ['UTM source', 'server-only-source'],
    ['UTM medium', 'server-only-medium'],
  ]) {
    const list = await activity.getByLabel(label as string, { exact: true }).getAttribute('list');
    await expect(activity.locator(`datalist[id="${list}"] option[value="${value}"]`)).toHaveCount(1);
  }

  await page.goto('/users/1/credits?run=user.give-credit');
  await offers(page, 'Give credit form', 'Reason', 'credit');
  await page.goto('/users/1/credits?run=user.add-trial-photos');
  await offers(page, 'Add trial photos form', 'Reason', 'trial');
});

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

/** A demo customer on an annual plan (the cancel form is offered to them only), found as an admin. */
async function customerOnAnnualPlan(baseURL: string): Promise<CustomerRow> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  try {
    const answer = await api.post('/admin/users/users_filter', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        filters: [{ kind: 'multi', column: 'subscription_type', op: 'equal', value: ['CORPORATE_CONTRACT'] }],
        page_size: 1,
      },
    });
    const [user] = ((await answer.json()) as { users: CustomerRow[] }).users;
    if (!user) throw new Error('No demo customer on an annual plan');
    return user;
  } finally {
    await api.dispose();
  }
}

test('refund and cancellation reasons, marketing UTM suggestions and the Banners tab follow the server', async ({
  page,
  baseURL,
}) => {
  const onPlan = await customerOnAnnualPlan(baseURL ?? '');
  await extend(page, 'refund_possible_reasons', (answer) => [
    ...(answer as unknown as Option[]),
    extra('EXTRA_REFUND'),
  ]);
  await extend(page, 'contracts/cancel_contract/cancel_annual_plan_options', (answer) => [
    ...(answer as unknown as Option[]),
    extra('EXTRA_CANCEL'),
  ]);
  await extend(page, 'utm_sources', (answer) => ({ data: [...(answer.data as string[]), 'server-only-source'] }));
  await extend(page, 'utm_mediums', (answer) => ({ data: [...(answer.data as string[]), 'server-only-medium'] }));
  await extend(
    page,
    'new_banner_field_options',
    withExtra('banner_types', 'countries', 'languages', 'subscription_types', 'feature_flags'),
  );
  // The first banner as a server with other lists would answer it: of a type and for a country only it knows.
  await extend(page, 'marketing/banners', (answer) => {
    const [first, ...rest] = answer.banners as Record<string, unknown>[];
    return {
      ...answer,
      banners: [{ ...first, banner_type: 'EXTRA_BANNER_TYPES', country: 'EXTRA_COUNTRIES' }, ...rest],
    };
  });
  await signIn(page, 'ADMIN');

  await page.goto('/users/1/projects?run=project.refund');
  await offers(page, 'Refund project form', 'Reason', 'refund');

  await page.goto(`/users/${onPlan.id}/contract?run=contracts.cancel`);
  await offers(page, 'Cancel yearly contract form', 'Reason', 'cancel');

  await page.goto('/partners-management/marketing-activities?run=marketing-activity.create');
  const marketing = page.getByRole('form', { name: 'New marketing activity form' });
  await expect(marketing).toBeVisible();
  for (const [label, value] of [
    ['UTM source', 'server-only-source'],
    ['UTM medium', 'server-only-medium'],
  ] as const) {
    const list = await marketing.getByLabel(label, { exact: true }).getAttribute('list');
    await expect(marketing.locator(`datalist[id="${list}"] option[value="${value}"]`)).toHaveCount(1);
  }

  await page.goto('/operations-center/banners');
  const carousel = page.getByRole('table', { name: 'Banners' });
  await expect(carousel.getByRole('cell', { name: 'Server-only extra_banner_types', exact: true })).toHaveCount(1);
  await expect(carousel.getByRole('cell', { name: /^Server-only extra_countries/ })).toHaveCount(1);
});

test('an option only the server lists is taken by the console’s form and sent with the call', async ({ page }) => {
  await extend(page, 'add_trial_photos_reasons', (answer) => [
    ...(answer as unknown as Option[]),
    extra('EXTRA_TRIAL'),
  ]);
  // This demo server does not know the option, so the request reaches it with one it knows: the answer is a real one.
  const sent: unknown[] = [];
  await page.route('**/admin/users/1/actions/add_trial_photos', async (route) => {
    const body = route.request().postDataJSON() as { reason: string };
    sent.push(body);
    await route.continue({ postData: JSON.stringify({ ...body, reason: 'TRIAL_TOO_SHORT' }) });
  });
  await signIn(page, 'MARKETER_PLUS');
  await page.goto('/users/1/credits?run=user.add-trial-photos');
  const trial = page.getByRole('form', { name: 'Add trial photos form' });
  await offers(page, 'Add trial photos form', 'Reason', 'trial');
  await trial.getByLabel('Photos', { exact: true }).fill('5');
  await trial.getByLabel('Reason', { exact: true }).selectOption('EXTRA_TRIAL');
  await trial.getByRole('button', { name: 'Add trial photos' }).click();
  await expect(page.getByText(/5 trial photos added for/)).toBeVisible();
  expect(sent).toEqual([expect.objectContaining({ amount: 5, reason: 'EXTRA_TRIAL' })]);
});
