import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { abTestAssignments } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

const twoWay = [
  { name: 'control', percentage: 50 },
  { name: 'new-price', percentage: 50 },
];

describeEachBackend('A/B tests: create, assign, finish, results from the customers table', (backend) => {
  const t = useTestApi(backend);
  let marketer: Client;
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
  });
  const create = (feature_id: string, variants = twoWay) =>
    marketer.post(
      t.api.abTests.create,
      {},
      { feature_id, feature_label: `Test ${feature_id}`, variants, end_date: '2027-01-31' },
    );

  it('creates a test, lists and finds it by search; refuses percentages not summing to 100 and a taken feature', async () => {
    const created = await create('pricing-page');
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.test).toMatchObject({
      feature_id: 'pricing-page',
      is_done: false,
      users: 0,
      creator: 'MARKETER Tester',
    });
    expect(created.json.test.quick_actions.map((action) => action.name)).toEqual(['FINISH', 'ASSIGN_USERS']);
    const found = (await marketer.get(t.api.abTests.list, {}, { search: 'PRICING' })).json.tests;
    expect(found.map((test) => test.id)).toEqual([created.json.test.id]);
    expect((await marketer.get(t.api.abTests.list, {}, { search: 'nothing-like-it' })).json.tests).toEqual([]);
    const off = await create('off-by-one', [
      { name: 'a', percentage: 50 },
      { name: 'b', percentage: 49 },
    ]);
    expect(off.status).toBe(400);
    expect(off.error.detail).toContain('sum to 100');
    expect((await create('pricing-page')).status).toBe(409);
  });

  it('answers 400 for an unknown test id, as the spec’s error catalogue says', async () => {
    const unknown = await marketer.get(t.api.abTests.detail, { testId: 987_654 });
    expect(unknown.status).toBe(400);
    expect(unknown.error.code).toBe('ab_test_not_found');
  });

  it('assigns customers by id and by segment once each, split by the percentages, and never moves one', async () => {
    const { json } = await create('onboarding-tour', [
      { name: 'off', percentage: 20 },
      { name: 'on', percentage: 80 },
    ]);
    const id = json.test.id;
    const customers = [];
    for (let i = 0; i < 40; i++) customers.push(await insertCustomer(t.api.db, { country: i % 2 ? 'GB' : 'US' }));
    const first = await marketer.post(
      t.api.abTests.addUsers,
      { testId: id },
      { user_ids: customers.slice(0, 10).map((c) => c.id) },
    );
    expect(first.json).toMatchObject({ assigned: 10, already_assigned: 0 });
    const variantsBefore = await t.api.db.select().from(abTestAssignments);
    const segment = { filters: [{ kind: 'multi', column: 'country', op: 'equal', value: ['GB'] }] };
    const gb = customers.filter((customer) => customer.country === 'GB').length;
    const bySegment = await marketer.post(t.api.abTests.addUsers, { testId: id }, { segment });
    const gbAlready = customers.slice(0, 10).filter((customer) => customer.country === 'GB').length;
    expect(bySegment.json.assigned).toBe(gb - gbAlready);
    expect(bySegment.json.already_assigned).toBe(gbAlready);
    const after = await t.api.db.select().from(abTestAssignments);
    for (const row of variantsBefore) {
      expect(after.find((each) => each.customerId === row.customerId && each.testId === row.testId)?.variant).toBe(
        row.variant,
      );
    }
    expect(new Set(after.filter((row) => row.testId === id).map((row) => row.variant))).toEqual(new Set(['off', 'on']));
    const missing = await marketer.post(t.api.abTests.addUsers, { testId: id }, { user_ids: [987_654] });
    expect(missing.status).toBe(404);
  });

  it('finishes once: a second finish is 409, FINISH then shows disabled with its reason, and no one can be assigned', async () => {
    const { json } = await create('dark-mode');
    const finished = await marketer.post(t.api.abTests.finish, { testId: json.test.id });
    expect(finished.status).toBe(200);
    expect(finished.json.test.is_done).toBe(true);
    expect(finished.json.test.quick_actions).toEqual([
      { name: 'FINISH', is_disabled: true, disable_message: 'The test is finished already' },
    ]);
    expect((await marketer.post(t.api.abTests.finish, { testId: json.test.id })).status).toBe(409);
    const customer = await insertCustomer(t.api.db);
    expect(
      (await marketer.post(t.api.abTests.addUsers, { testId: json.test.id }, { user_ids: [customer.id] })).status,
    ).toBe(409);
  });

  it('computes conversions and the two-proportion confidence on a known data set (10 % vs 13 % of 1,000 each)', async () => {
    const { json } = await create('checkout-copy');
    const testId = json.test.id;
    // 2,000 trial customers when assigned: 1,000 per variant; 100 of the control and 130 of the other pay now,
    // plus 50 per variant who already paid when assigned (not eligible, never a conversion).
    await t.api.db.execute(sql`
      with made as (
        insert into customers (username, email, first_name, last_name, subscription_type)
        select 'ab' || n, 'ab' || n || '@known.example', 'A', 'B',
               case when n <= 100 or (n > 1000 and n <= 1130) or n > 2000 then 'METERED' else 'TRIAL_METERED' end
        from generate_series(1, 2100) as n
        returning id, email
      )
      insert into ab_test_assignments (test_id, customer_id, variant, subscription_at_assignment)
      select ${testId}, id,
             case when split_part(substr(email, 3), '@', 1)::int <= 1000
                    or split_part(substr(email, 3), '@', 1)::int > 2050 then 'control' else 'new-price' end,
             case when split_part(substr(email, 3), '@', 1)::int > 2000 then 'METERED' else 'TRIAL_METERED' end
      from made`);
    const { json: detail } = await marketer.get(t.api.abTests.detail, { testId });
    const [control, treatment] = detail.results.variants;
    expect(control).toMatchObject({
      name: 'control',
      users: 1050,
      eligible: 1000,
      conversions: 100,
      conversion_rate: 0.1,
    });
    expect(control?.confidence).toBeNull();
    expect(treatment).toMatchObject({
      name: 'new-price',
      users: 1050,
      eligible: 1000,
      conversions: 130,
      conversion_rate: 0.13,
    });
    expect(treatment?.z_score).toBeCloseTo(2.10274, 4);
    expect(treatment?.p_value).toBeCloseTo(0.035488, 5);
    expect(treatment?.confidence).toBeCloseTo(0.964512, 5);
    expect(detail.results.assigned_by_day.days).toHaveLength(1);
    expect(detail.results.assigned_by_day.counts).toEqual({ control: [1050], 'new-price': [1050] });
    expect(detail.test.users).toBe(2100);
  });
});
