import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { allEndpoints, apiPrefix } from '../../domain/api';
import { idempotencyHeader, xsrfHeader } from '../../domain/auth';
import { type Endpoint, isMutation, pathOf, permissionsOfCall } from '../../domain/endpoint';
import { canAny } from '../../domain/permissions';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, type TestApi, testPassword, useTestApi } from './support/test-api';

/** A PRICE in dollars (1/10000 units). */
const usd4 = (units: number) => ({ amount: Math.round(units * 10_000), multiplier: 10000, symbol: '$' });

/** Valid bodies of the calls that take one (the rest take none or an empty object). */
const sampleBodies: Record<string, unknown> = {
  'outbox.customerList': {},
  'userDetails.saveDetails': { notes: 'bad input', last_updated_row: '2026-01-01T00:00:00Z' },
  'userActions.addTrialPhotos': { amount: 10, reason: 'OTHER' },
  'userActions.sendPaymentLink': { link: 'CHECKOUT' },
  'userActions.giveCredit': { amount: 5, reason: 'OTHER', description: 'bad input' },
  'userActions.grantFreeCullingPlan': { months: 3 },
  'userActions.terminateCullingPlan': { reason: 'bad input' },
  'userActions.grantCullingCredits': { amount: 10 },
  'userActions.forceLogout': { reason: 'bad input' },
  'userActions.loginAs': { reason: 'bad input' },
  'userActions.changeEmail': { email: 'new.address@example.net' },
  'userActions.addReferral': { referred_user: 'someone@example.net' },
  'userActions.sendEmail': { template: 'WELCOME_BACK' },
  'currency.change': { new_currency: 'EUR' },
  'currency.setExchangeRate': { rate: 0.92 },
  'contracts.create': {
    number_of_edits: 1000,
    price_per_edit: usd4(0.45),
    ai_tools: { crop: usd4(0.02), straightening: usd4(0.02), subject_mask: usd4(0.05), smooth_skin: usd4(0.05) },
    currency: 'USD',
    country: 'US',
  },
  'contracts.upgrade': {
    number_of_edits: 2000,
    price_per_edit: usd4(0.45),
    ai_tools: { crop: usd4(0.02), straightening: usd4(0.02), subject_mask: usd4(0.05), smooth_skin: usd4(0.05) },
    currency: 'USD',
    country: 'US',
  },
  'contracts.nextPeriod': { number_of_edits: 2000, price_per_edit: 0.4, renewal_state: 'AUTO_RENEWAL' },
  'contracts.cancel': { reason: 'OTHER', description: 'bad input' },
  'charges.regenerateInvoice': { charge_id: 1 },
  'partners.create': { name: 'Bad Input', type: 'AFFILIATE', email: 'bad.input@partners.example', ref: 'badinput' },
  'partners.update': { name: 'Bad Input', updated_at: '2026-01-01T00:00:00Z' },
  'partners.createProfilePage': { partner_id: 1 },
  'partnerActivities.create': {
    partner_id: 1,
    type: 'VIDEO',
    cost: 10,
    base_url: 'https://loupe.example/signup',
    utm_source: 'youtube',
    utm_medium: 'video',
    utm_campaign: 'bad_input',
  },
  'partnerActivities.update': { cost: 10, updated_at: '2026-01-01T00:00:00Z' },
  'partnerActivities.createCampaign': { name: 'bad_input' },
  'marketingActivities.create': {
    activity_name: 'Bad input',
    cost: 10,
    start_date: '2026-01-01',
    num_of_activity_days: 3,
    base_url: 'https://loupe.example/pricing',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'bad_input',
  },
  'marketingActivities.update': { cost: 10, updated_at: '2026-01-01T00:00:00Z' },
  'bundles.reOrder': { photos: ['a.jpg'] },
  'bundles.activateShopDiscount': { discount_percentage: 10, start_date: '2026-01-01', expiry_date: '2026-02-01' },
  'profiles.share': { email: 'someone@example.net', silent: true },
  'profiles.unshare': { email: 'someone@example.net' },
  'projects.reedit': { reason: 'bad input' },
  'models.updateState': { model_id: 1, state: 'READY' },
  'models.lock': { message: 'bad input' },
  'models.addNote': { body: 'bad input' },
  'refunds.refund': { amount: 1, reason: 'OTHER', description: 'bad input', to: 'credit' },
  'profiles.addTalentProfile': { profile_name: 'bad input' },
  'profiles.addProfileId': { profile_id: 1 },
  'profiles.editProfile': { color: 'BnW', last_updated_row: '2026-01-01T00:00:00Z' },
  'marketing.uploadUrls': { files_list: ['banner.png'] },
  'marketing.createBanner': {
    banner_type: 'APP',
    photo_upload_id: '0b9c5a53-4d0e-4a51-9a0c-1b2c3d4e5f60',
    mobile_photo_upload_id: '0b9c5a53-4d0e-4a51-9a0c-1b2c3d4e5f61',
    start_date: '2026-01-01T00:00:00Z',
    end_date: '2026-02-01T00:00:00Z',
    redirect_url: 'https://app.example.com/offers',
  },
  'marketing.reorderBanners': { banner_ids: [1] },
  'abTests.create': {
    feature_id: 'bad-input',
    feature_label: 'Bad input',
    variants: [
      { name: 'a', percentage: 50 },
      { name: 'b', percentage: 50 },
    ],
  },
  'abTests.addUsers': { user_ids: [1] },
  'notifications.generate': {
    title: 'Bad input',
    content: 'Bad input',
    category: 'NEW',
    sentiment: 'NEUTRAL',
    trigger_type: 'BROADCAST',
  },
  'notifications.preflight': { segment: { filters: [] } },
  'notifications.send': {
    title: 'Bad input',
    content: 'Bad input',
    category: 'NEW',
    sentiment: 'NEUTRAL',
    trigger_type: 'BROADCAST',
    segment: { filters: [] },
  },
};

/** Query strings of the calls that need one. */
const contractQuery =
  '?number_of_edits=2000&price_per_edit=0.45&crop=0.02&straightening=0.02&subject_mask=0.05&smooth_skin=0.05&currency=USD&country=US';
const sampleQueries: Record<string, string> = {
  'marketing.generateLink':
    '?benefit=50_PERCENT&landing_page=CHECKOUT&source=CUSTOMER_MESSAGING&action=SUBSCRIBE&duration=1&duration_unit=HOURS',
  'currency.summary': '?new_currency=EUR',
  'contracts.newSummary': contractQuery,
  'contracts.upgradeSummary': contractQuery,
};

/** A valid request per call, to break one piece at a time. */
function validInput(endpoint: Endpoint, api: TestApi, customerId: number) {
  const bodies: Record<string, unknown> = {
    'auth.login': { email: api.staff.ADMIN.email, password: testPassword },
    'users.suspend': { reason: 'OTHER', description: 'bad input' },
    'bulkRuns.preflight': { command: 'unsuspend', target: { ids: [customerId] } },
    'bulkRuns.create': { command: 'unsuspend', target: { ids: [customerId] } },
    'staff.invite': { first_name: 'Bad', last_name: 'Input', email: 'bad.input@staff.example', role: 'SUPPORT_PL1' },
    'staff.setRole': { role: 'SUPPORT_PL1' },
    'palette.recordUses': { uses: [{ key: 'go.models' }] },
    'approvals.setThresholds': { thresholds: [{ role: 'SUPPORT_PL2', credit_above: 100 }] },
    'approvals.request': { user_id: customerId, amount: 300, reason: 'OTHER' },
    'approvals.reject': { reason: 'bad input' },
    'approvals.requestRefund': { project_id: 1, amount: 150, to: 'card', reason: 'UNSATISFIED_WITH_EDITS' },
    'staff.setPassword': { token: 'not-a-token', password: 'lantern orchard velvet' },
    'creditPackages.purchaseCustom': {
      user_id: customerId,
      custom_credit_package_details: {
        credit_details: { amount_of_credits: 10 },
        price: { amount: 900, multiplier: 100, symbol: '$' },
      },
    },
  };
  const params: Record<string, Record<string, string>> = {
    'users.search': { query: 'someone' },
    'users.get': { user_id: String(customerId) },
    'users.suspend': { user_id: String(customerId) },
    'users.unsuspend': { user_id: String(customerId) },
  };
  // Every placeholder of the path gets a well-formed value: the customer for user_id, 1 for any other id.
  const generic: Record<string, string> = {};
  const wellFormed: Record<string, string> = {
    user_id: String(customerId),
    user_email: 'someone@example.net',
    from: 'USD',
    to: 'EUR',
    testId: '1',
    upload_id: '0b9c5a53-4d0e-4a51-9a0c-1b2c3d4e5f60',
  };
  for (const [, name = ''] of endpoint.path.matchAll(/:([a-zA-Z_]+)/g)) {
    generic[name] = wellFormed[name] ?? (name === 'id' || name.endsWith('_id') ? '1' : 'x');
  }
  return { params: params[endpoint.id] ?? generic, body: bodies[endpoint.id] ?? sampleBodies[endpoint.id] };
}

async function snapshot(api: TestApi): Promise<string> {
  const result = await api.db.execute<{ state: string }>(sql`
    select md5(coalesce((select string_agg(c::text, '|' order by id) from customers c), '')
      || coalesce((select string_agg(v::text, '|' order by staff_id, customer_id) from last_viewed v), '')
      || coalesce((select string_agg(s::text, '|' order by id) from staff s), '')) as state`);
  return result.rows[0]?.state ?? '';
}

function expectClearRefusal(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
  const answer = JSON.parse(response.body) as { detail?: unknown };
  expect(typeof answer.detail, what).toBe('string');
  expect(String(answer.detail).length, what).toBeGreaterThan(5);
}

describeEachBackend('bad input', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  let master: Client;
  let customerId = 0;
  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
    master = await t.api.signIn('SUPPORT_MASTER');
    customerId = (await insertCustomer(t.api.db)).id;
  });

  function headersFor(endpoint: Endpoint): Record<string, string> {
    const headers: Record<string, string> = {};
    const caller = canAny('ADMIN', permissionsOfCall(endpoint)) || endpoint.auth !== 'access' ? admin : master;
    const bearer =
      endpoint.auth === 'refresh' ? caller.refreshToken : endpoint.auth === 'access' ? caller.accessToken : null;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (caller.xsrfToken) headers[xsrfHeader.toLowerCase()] = caller.xsrfToken;
    if (endpoint.money) headers[idempotencyHeader.toLowerCase()] = randomUUID();
    return headers;
  }

  async function send(endpoint: Endpoint, url: string, payload: string | undefined, contentType = 'application/json') {
    return t.api.inject({
      method: endpoint.method,
      url,
      headers: { ...headersFor(endpoint), ...(payload === undefined ? {} : { 'content-type': contentType }) },
      payload,
      remoteAddress: '10.66.0.1',
    });
  }

  for (const endpoint of allEndpoints.filter(isMutation)) {
    it(`${endpoint.id}: malformed JSON, wrong shapes, unknown fields, too large, wrong type → 4xx, nothing changes`, async () => {
      const { api } = t;
      const input = validInput(endpoint, api, customerId);
      const url = `${apiPrefix}/${pathOf(endpoint, input.params)}`;
      const before = await snapshot(api);
      const malformed = await send(endpoint, url, '{"reason": ');
      expectClearRefusal(malformed, 'malformed');
      expect(malformed.json()).toMatchObject({ code: 'malformed_json' });
      for (const body of ['[]', '"text"', '42', 'null', 'true'])
        expectClearRefusal(await send(endpoint, url, body), body);
      const unknown = await send(endpoint, url, JSON.stringify({ ...(input.body as object), surprise: 1 }));
      expectClearRefusal(unknown, 'unknown field');
      expect(unknown.json()).toMatchObject({ code: 'validation_failed', field: 'surprise' });
      const huge = await send(endpoint, url, JSON.stringify({ text: 'x'.repeat(70 * 1024) }));
      expect(huge.statusCode).toBe(413);
      expectClearRefusal(huge, 'too large');
      expectClearRefusal(await send(endpoint, url, 'reason=OTHER', 'application/x-www-form-urlencoded'), 'form');
      expectClearRefusal(await send(endpoint, url, 'hello', 'text/plain'), 'text');
      expect(await snapshot(api)).toBe(before);
    });
  }

  for (const endpoint of allEndpoints.filter((call) => call.path.includes(':user_id'))) {
    it(`${endpoint.id}: ids that are not ids → 400, unknown ids → 404`, async () => {
      const { api } = t;
      const input = validInput(endpoint, api, customerId);
      const before = await snapshot(api);
      const payload = input.body === undefined ? undefined : JSON.stringify(input.body);
      for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999', 'x'.repeat(300), '%00', '%ZZ']) {
        const url = `${apiPrefix}/${endpoint.path.replace(':user_id', id)}${sampleQueries[endpoint.id] ?? ''}`;
        const response = await send(endpoint, url, payload);
        expectClearRefusal(response, `user_id ${id.slice(0, 20)}`);
      }
      const unknown = await send(
        endpoint,
        `${apiPrefix}/${pathOf(endpoint, { ...input.params, user_id: 987_654 })}${sampleQueries[endpoint.id] ?? ''}`,
        payload,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'customer_not_found' });
      expect(await snapshot(api)).toBe(before);
    });
  }

  it('users.suspend: names the field and the reason', async () => {
    const { api } = t;
    const cases: [unknown, string, string][] = [
      [{}, 'reason', 'reason: choose one of the listed reasons'],
      [{ reason: 42 }, 'reason', 'reason: choose one of the listed reasons'],
      [{ reason: 'BORED' }, 'reason', 'reason: choose one of the listed reasons'],
      [{ reason: 'OTHER', description: 5 }, 'description', 'description: must be a string'],
      [
        { reason: 'OTHER', description: 'x'.repeat(1001) },
        'description',
        'description: must be at most 1000 characters',
      ],
      [
        { reason: 'OTHER', description: 'nul \u0000 byte' },
        'description',
        'description: must not contain NUL characters',
      ],
    ];
    const before = await snapshot(api);
    for (const [body, field, detail] of cases) {
      const result = await admin.post(api.users.suspend, { user_id: customerId }, body);
      expect(result.status, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(result.error).toEqual({ detail, code: 'validation_failed', field });
    }
    expect(await snapshot(api)).toBe(before);
  });

  it('auth.login: names the field and the reason, and counts no failure for it', async () => {
    const { api } = t;
    const cases: [unknown, string, string][] = [
      [{ email: api.staff.ADMIN.email }, 'password', 'password: is required'],
      [{ email: 'not-an-email', password: 'x' }, 'email', 'email: must be an e-mail address'],
      [{ email: `${'a'.repeat(250)}@example.com`, password: 'x' }, 'email', 'email: must be at most 254 characters'],
      [
        { email: api.staff.ADMIN.email, password: 'p'.repeat(1025) },
        'password',
        'password: must be at most 1024 characters',
      ],
      [{ email: api.staff.ADMIN.email, password: 1234 }, 'password', 'password: must be a string'],
    ];
    for (const [body, field, detail] of cases) {
      const result = await api.anonymous.post(api.auth.login, {}, body);
      expect(result.status).toBe(400);
      expect(result.error).toEqual({ detail, code: 'validation_failed', field });
    }
    const failures = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from login_failures`);
    expect(failures.rows[0]?.n).toBe(0);
  });

  it('users.search: an empty, blank or over-long query → 400; strange characters are just text', async () => {
    const { api } = t;
    for (const query of ['   ', 'q'.repeat(201)]) {
      const result = await admin.get(api.users.search, { query });
      expect(result.status).toBe(400);
      expect(result.error.field).toBe('query');
    }
    for (const query of ["'; drop table customers; --", '%', '_', '\\', '😀', 'a%_b\\c']) {
      expect((await admin.get(api.users.search, { query })).status).toBe(200);
    }
    const unknownQuery = await t.api.inject({
      method: 'GET',
      url: `${apiPrefix}/users/last_viewed/get_last_viewed?unexpected=1`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(unknownQuery.statusCode).toBe(400);
    expect(unknownQuery.json()).toMatchObject({ field: 'unexpected' });
  });

  it('never answers 5xx to arbitrary JSON bodies or search texts', async () => {
    const { api } = t;
    const before = await snapshot(api);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const response = await send(
          api.users.suspend,
          `${apiPrefix}/${pathOf(api.users.suspend, { user_id: customerId })}`,
          JSON.stringify(body),
        );
        expect(response.statusCode).toBeLessThan(500);
        return true;
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }), async (query) => {
        const result = await admin.get(api.users.search, { query });
        expect(result.status).toBeLessThan(500);
        return true;
      }),
      { numRuns: 60 },
    );
    expect(await snapshot(api)).toBe(before);
  });
});
