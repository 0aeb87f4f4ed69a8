import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { useTestApi } from './support/test-api';

describeEachBackend('users calls', (backend) => {
  const t = useTestApi(backend);

  it('answers one customer as a spec row with headers, and records the view', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      currency: 'GBP',
      lastChargeAmount: 12345,
      profilesUsed: 2,
      profilesMax: 3,
      trialPhotosUsed: 120,
      trialPhotosMax: 1000,
    });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const result = await pl1.get(api.users.get, { user_id: customer.id });
    expect(result.status).toBe(200);
    const [row] = result.json.users;
    expect(row).toMatchObject({
      id: customer.id,
      first_name: 'Ada',
      last_charge_amount: { amount: 12345, multiplier: 100, symbol: '£' },
      profiles_exist_max: '2/3',
      photos_for_trial: '120/1000',
      remaining_photos_for_trial: 880,
      suspended_user: false,
      status: 'ACTIVE',
    });
    expect(row?.date_added).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const headers = result.json.headers;
    expect(headers.find((header) => header.key === 'quick_actions')?.type).toBe('ROW_MENU');
    expect(headers.find((header) => header.key === 'last_charge_amount')?.type).toBe('CURRENCY');
    expect(headers.find((header) => header.key === 'status')?.options).toEqual(['ACTIVE', 'SUSPENDED']);
    const visible = headers.filter((header) => header.default_visible).length;
    expect(visible).toBeGreaterThanOrEqual(6);
    expect(visible).toBeLessThanOrEqual(10);

    const viewed = await pl1.get(api.users.lastViewed);
    expect(viewed.status).toBe(200);
    expect(viewed.json.users.map((user) => user.id)).toContain(customer.id);
    expect(viewed.json.viewed_at).toHaveLength(viewed.json.users.length);
  });

  it('commits the view asynchronously in its own statement only: every pooled connection keeps synchronous commits', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const reads = await Promise.all(Array.from({ length: 12 }, () => pl1.get(api.users.get, { user_id: customer.id })));
    expect(reads.map((read) => read.status)).toEqual(Array(12).fill(200));
    // Held at once, these take a connection each (the test pool has 5): none kept the read's setting.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.db.execute<{ setting: string }>(
          sql`select current_setting('synchronous_commit') as setting from pg_sleep(0.05)`,
        ),
      ),
    );
    expect(settings.map((result) => result.rows[0]?.setting)).toEqual(Array(5).fill('on'));
    expect((await pl1.get(api.users.lastViewed)).json.users[0]?.id).toBe(customer.id);
  });

  it('lists last viewed customers newest first, per staff member', async () => {
    const { api } = t;
    const first = await insertCustomer(api.db);
    const second = await insertCustomer(api.db);
    const master = await api.signIn('SUPPORT_MASTER');
    await master.get(api.users.get, { user_id: first.id });
    await master.get(api.users.get, { user_id: second.id });
    await master.get(api.users.get, { user_id: first.id });
    const viewed = await master.get(api.users.lastViewed);
    expect(viewed.json.users.map((user) => user.id)).toEqual([first.id, second.id]);
    const marketer = await api.signIn('MARKETER_PLUS');
    expect((await marketer.get(api.users.lastViewed)).json.users).toEqual([]);
  });

  it('answers 404 customer_not_found for an unknown id', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    const result = await admin.get(api.users.get, { user_id: 999_999 });
    expect(result.status).toBe(404);
    expect(result.error).toEqual({ detail: 'No customer with this id', code: 'customer_not_found' });
  });

  it('offers quick actions by state, disabled with the reason where the role lacks the permission', async () => {
    const { api } = t;
    const active = await insertCustomer(api.db);
    const suspended = await insertCustomer(api.db, { status: 'SUSPENDED', chargeFailed: true });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const activeRow = (await pl1.get(api.users.get, { user_id: active.id })).json.users[0];
    expect(activeRow?.quick_actions).toEqual([
      { name: 'ADD_TRIAL_PHOTOS', is_disabled: false, disable_message: null },
      {
        name: 'SUSPEND_USER',
        is_disabled: true,
        disable_message: 'Only admins, PL2 agents and support masters may suspend customers',
      },
      { name: 'SEND_RESET_PASSWORD_EMAIL', is_disabled: false, disable_message: null },
      { name: 'GIVE_CREDIT', is_disabled: false, disable_message: null },
    ]);
    const marketer = await api.signIn('MARKETER_PLUS');
    const suspendedRow = (await marketer.get(api.users.get, { user_id: suspended.id })).json.users[0];
    expect(suspendedRow?.suspended_user).toBe(true);
    expect(suspendedRow?.quick_actions.map((action) => [action.name, action.is_disabled])).toEqual([
      ['UNSUSPEND_USER', true],
      ['CHARGE_AND_UNSUSPEND', true],
      ['SEND_RESET_PASSWORD_EMAIL', true],
      ['GIVE_CREDIT', false],
    ]);
  });

  it('suspends with reason and description, then unsuspends and clears them', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl2 = await api.signIn('SUPPORT_PL2');
    const suspended = await pl2.post(
      api.users.suspend,
      { user_id: customer.id },
      { reason: 'FRAUD', description: 'Card testing' },
    );
    expect(suspended.status).toBe(200);
    expect(suspended.json.user).toMatchObject({
      status: 'SUSPENDED',
      suspended_user: true,
      suspend_reason: 'FRAUD',
      suspend_description: 'Card testing',
    });
    expect(suspended.json.user.suspended_user_date).not.toBeNull();
    expect(Date.parse(suspended.json.user.last_updated_row)).toBeGreaterThan(Date.parse(customer.lastUpdatedRow));

    const again = await pl2.post(api.users.suspend, { user_id: customer.id }, { reason: 'FRAUD' });
    expect(again.status).toBe(409);
    expect(again.error.code).toBe('already_suspended');

    const lifted = await pl2.post(api.users.unsuspend, { user_id: customer.id });
    expect(lifted.status).toBe(200);
    expect(lifted.json.user).toMatchObject({
      status: 'ACTIVE',
      suspended_user: false,
      suspended_user_date: null,
      suspend_reason: null,
      suspend_description: null,
    });
    const stored = await readCustomer(api.db, customer.id);
    expect(stored?.status).toBe('ACTIVE');
    expect(stored?.suspendedAt).toBeNull();

    const notSuspended = await pl2.post(api.users.unsuspend, { user_id: customer.id }, {});
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.error.code).toBe('not_suspended');
  });

  it('searches by id, e-mail fragment, name and business name, exact matches first', async () => {
    const { api } = t;
    const grace = await insertCustomer(api.db, {
      email: 'grace.hopper@navy.example',
      firstName: 'Grace',
      lastName: 'Hopper',
      businessName: 'Cobol Studios',
    });
    const other = await insertCustomer(api.db, {
      email: 'hopper.fan@example.org',
      firstName: 'Grace',
      lastName: 'Fan',
    });
    const admin = await api.signIn('ADMIN');
    const ids = async (query: string) =>
      (await admin.get(api.users.search, { query })).json.users.map((user) => user.id);

    expect((await ids(String(grace.id)))[0]).toBe(grace.id);
    expect(await ids('navy.exa')).toEqual([grace.id]);
    expect((await ids('grace.hopper@navy.example'))[0]).toBe(grace.id);
    expect(await ids('Grace Hopper')).toContain(grace.id);
    expect((await ids('Grace Hopper'))[0]).toBe(grace.id);
    expect(await ids('cobol stud')).toEqual([grace.id]);
    expect(await ids('Grace Hoper')).toContain(grace.id);
    expect(await ids('hopper')).toEqual(expect.arrayContaining([grace.id, other.id]));
    expect(await ids('no-such-customer-anywhere')).toEqual([]);
    expect(await ids('100%_')).toEqual([]);
  });

  it('answers at most 20 search results', async () => {
    const { api } = t;
    for (let index = 0; index < 25; index++) {
      await insertCustomer(api.db, { email: `bulk${index}@many.example`, lastName: `Bulk${index}` });
    }
    const admin = await api.signIn('ADMIN');
    const result = await admin.get(api.users.search, { query: 'many.example' });
    expect(result.json.users).toHaveLength(20);
  });
});
