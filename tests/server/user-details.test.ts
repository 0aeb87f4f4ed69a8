import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { activityEvents, customerCredits, customerNotifications } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { useTestApi } from './support/test-api';

describeEachBackend('user details', (backend) => {
  const t = useTestApi(backend);

  it('answers the details form with its read-only fields and the version', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, {
      firstName: 'Grace',
      lastName: 'Hopper',
      currency: 'EUR',
      referredSignups: 4,
      referredSubscribed: 1,
      ccEmails: ['office@hopper.example'],
      notes: 'Prefers e-mail',
      lastActivity: '2026-11-01T09:00:00Z',
    });
    const result = await (await api.signIn('MARKETER_PLUS')).get(api.userDetails.details, { user_id: customer.id });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      id: customer.id,
      full_name: 'Grace Hopper',
      referred_users: { signups: 4, subscribed: 1 },
      last_activity: '2026-11-01T09:00:00Z',
      cc_emails: ['office@hopper.example'],
      notes: 'Prefers e-mail',
      currency: 'EUR',
    });
    expect(result.json.last_updated_row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it('saves only the fields sent, bumps the version, and puts the edit on the timeline', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { notes: 'keep me', businessName: 'Old Studio' });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const read = await pl1.get(api.userDetails.details, { user_id: customer.id });
    const saved = await pl1.put(
      api.userDetails.saveDetails,
      { user_id: customer.id },
      { business_name: 'New Studio', first_name: customer.firstName, last_updated_row: read.json.last_updated_row },
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.business_name).toBe('New Studio');
    expect(saved.json.notes).toBe('keep me');
    expect(saved.json.last_updated_row).not.toBe(read.json.last_updated_row);
    const stored = await readCustomer(api.db, customer.id);
    expect(stored).toMatchObject({ businessName: 'New Studio', notes: 'keep me', firstName: customer.firstName });
    const events = await api.db.select().from(activityEvents).where(eq(activityEvents.customerId, customer.id));
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe('Details edited');
    expect(events[0]?.properties).toContainEqual({ label: 'Fields', value: 'business_name' });

    const cleared = await pl1.put(
      api.userDetails.saveDetails,
      { user_id: customer.id },
      { notes: '', last_updated_row: saved.json.last_updated_row },
    );
    expect(cleared.json.notes).toBeNull();
  });

  it('answers 409 stale_version when someone saved since the version was read, keeping their change', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const first = await api.signIn('SUPPORT_PL1');
    const second = await api.signIn('SUPPORT_MASTER');
    const version = (await first.get(api.userDetails.details, { user_id: customer.id })).json.last_updated_row;
    const theirs = await second.put(
      api.userDetails.saveDetails,
      { user_id: customer.id },
      { notes: 'theirs', last_updated_row: version },
    );
    expect(theirs.status).toBe(200);
    const mine = await first.put(
      api.userDetails.saveDetails,
      { user_id: customer.id },
      { address: 'mine', last_updated_row: version },
    );
    expect(mine.status).toBe(409);
    expect(mine.error.code).toBe('stale_version');
    expect(mine.error.detail).toMatch(/reload/);
    expect(await readCustomer(api.db, customer.id)).toMatchObject({ notes: 'theirs', address: null });
  });

  it('refuses an e-mail another customer uses (409 on the field) and checks availability', async () => {
    const { api } = t;
    const taken = await insertCustomer(api.db, { email: 'taken.address@example.net' });
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const version = (await pl1.get(api.userDetails.details, { user_id: customer.id })).json.last_updated_row;
    const result = await pl1.put(
      api.userDetails.saveDetails,
      { user_id: customer.id },
      { email: 'Taken.Address@example.net', last_updated_row: version },
    );
    expect(result.status).toBe(409);
    expect(result.error).toMatchObject({ code: 'email_taken', field: 'email' });
    expect((await readCustomer(api.db, customer.id))?.email).toBe(customer.email);

    const check = (user_email: string, query?: { user_id: number }) =>
      pl1.get(api.userDetails.validateEmail, { user_email }, query);
    expect((await check('TAKEN.address@example.net')).json.data.is_user_email_available).toBe(false);
    expect((await check('nobody.here@example.net')).json.data.is_user_email_available).toBe(true);
    expect((await check(taken.email, { user_id: taken.id })).json.data.is_user_email_available).toBe(true);
    const invalid = await check('not-an-email');
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ field: 'user_email', detail: 'user_email: must be an e-mail address' });
  });

  it('refuses bad input with a clear detail and changes nothing', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const version = (await pl1.get(api.userDetails.details, { user_id: customer.id })).json.last_updated_row;
    const cases: [unknown, string, string][] = [
      [{ first_name: '  ', last_updated_row: version }, 'first_name', 'first_name: must not be empty'],
      [{ notes: 'x' }, 'last_updated_row', 'last_updated_row: is required: the version you read (last_updated_row)'],
      [
        { notes: 'x', last_updated_row: 'yesterday' },
        'last_updated_row',
        'last_updated_row: must be the last_updated_row you read (an ISO 8601 timestamp)',
      ],
      [{ email: 'nope', last_updated_row: version }, 'email', 'email: must be an e-mail address'],
      [
        { cc_emails: ['a@b.co', 'bad'], last_updated_row: version },
        'cc_emails.1',
        'cc_emails.1: must be an e-mail address',
      ],
      [{ currency: 'GBP', last_updated_row: version }, 'currency', 'currency: is not an accepted field'],
    ];
    const before = await readCustomer(api.db, customer.id);
    for (const [body, field, detail] of cases) {
      const result = await pl1.put(api.userDetails.saveDetails, { user_id: customer.id }, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.error).toEqual({ code: 'validation_failed', field, detail });
    }
    expect(await readCustomer(api.db, customer.id)).toEqual(before);
  });

  it('lists notifications without deleted ones, and deletes one (once, and only the customer’s own)', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const other = await insertCustomer(api.db);
    const [kept, gone, foreign] = await api.db
      .insert(customerNotifications)
      .values([
        { customerId: customer.id, category: 'NEW', title: 'Kept', status: 'Sent', sentAt: '2026-10-01T00:00:00Z' },
        { customerId: customer.id, category: 'SPECIAL_OFFER', title: 'Gone', status: 'Pending' },
        { customerId: other.id, category: 'NEW', title: 'Foreign', status: 'Sent' },
      ])
      .returning();
    if (!kept || !gone || !foreign) throw new Error('notifications not inserted');
    const pl1 = await api.signIn('SUPPORT_PL1');
    const deleted = await pl1.delete(api.userDetails.deleteNotification, {
      user_id: customer.id,
      notification_id: gone.id,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: gone.id, deleted: true });
    const again = await pl1.delete(api.userDetails.deleteNotification, {
      user_id: customer.id,
      notification_id: gone.id,
    });
    expect(again.status).toBe(404);
    expect(again.error.code).toBe('notification_not_found');
    const theirs = await pl1.delete(api.userDetails.deleteNotification, {
      user_id: customer.id,
      notification_id: foreign.id,
    });
    expect(theirs.status).toBe(404);

    const list = await pl1.get(api.userDetails.notifications, { user_id: customer.id });
    expect(list.json.notifications.map((row) => row.title)).toEqual(['Kept']);
    expect(list.json.notifications[0]?.quick_actions).toEqual([
      { name: 'DELETE', is_disabled: false, disable_message: null },
    ]);
    const marketer = await api.signIn('MARKETER_PLUS');
    const theirView = await marketer.get(api.userDetails.notifications, { user_id: customer.id });
    expect(theirView.json.notifications[0]?.quick_actions[0]).toMatchObject({
      is_disabled: true,
      disable_message: 'Only admins and support agents may edit customer details',
    });
  });

  it('lists credits newest first with their count and total in the customer’s currency', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'GBP' });
    await api.db.insert(customerCredits).values([
      {
        customerId: customer.id,
        amount: 1000,
        currency: 'GBP',
        reason: 'SURVEY',
        source: 'STAFF',
        createdAt: '2026-01-01T00:00:00Z',
      },
      {
        customerId: customer.id,
        amount: 250,
        currency: 'GBP',
        reason: 'REFERRAL',
        source: 'REFERRAL',
        createdAt: '2026-02-01T00:00:00Z',
      },
    ]);
    const result = await (await api.signIn('PARTNERS_MANAGER')).get(api.userDetails.credits, { user_id: customer.id });
    expect(result.json.total_credits).toEqual({ amount: 1250, multiplier: 100, symbol: '£' });
    expect(result.json.total_credits_rows).toBe(2);
    expect(result.json.credits.map((credit) => credit.value.amount)).toEqual([250, 1000]);
  });

  it('answers tiles, payments, additional info, backup and culling from the customer row', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, {
      chargingVendor: 'Stripe',
      paymentMethodDetails: 'Visa •••• 4242',
      os: 'macOS 15',
      coupon: 'SPRING25',
      backupPlan: 'Backup 1 TB',
      backupUsedGb: 120.5,
      backupTotalGb: 1024,
      cullingSubscriptionType: 'MONTHLY',
      cullingCredits: 300,
    });
    const client = await api.signIn('SUPPORT_PL1');
    const params = { user_id: customer.id };
    const tiles = await client.get(api.userDetails.tiles, params);
    expect(tiles.json.subscription_types).toEqual({ editing: 'METERED', culling: 'MONTHLY' });
    expect(tiles.json.next_charge.amount).toEqual({ amount: 4900, multiplier: 100, symbol: '$' });
    const payments = await client.get(api.userDetails.payments, params);
    expect(payments.json.charging_vendor).toBe('Stripe');
    expect(payments.json.payment_links.map((link) => link.label)).toEqual([
      'Checkout',
      'Update payment method',
      'Cancel subscription',
    ]);
    const info = await client.get(api.userDetails.additionalInfo, params);
    expect(info.json.tiles).toContainEqual({ title: 'OS', value: 'macOS 15', type: 'TEXT' });
    expect(info.json.tiles.find((tile) => tile.title === 'Date added')?.type).toBe('DATE');
    const backup = await client.get(api.userDetails.backup, params);
    expect(backup.json).toMatchObject({ plan_info: 'Backup 1 TB', used_storage_gb: 120.5, plan_cancelled: false });
    const culling = await client.get(api.userDetails.culling, params);
    expect(culling.json).toMatchObject({ culling_subscription_type: 'MONTHLY', culling_credits: 300 });
  });

  it('lists the staff actions on the customer, newest first: who, what, when, outcome', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const master = await api.signIn('SUPPORT_MASTER');
    await master.post(api.users.suspend, { user_id: customer.id }, { reason: 'FRAUD', description: 'chargebacks' });
    await pl1.post(
      api.userActions.giveCredit,
      { user_id: customer.id },
      { amount: 80, reason: 'SURVEY' },
      { idempotencyKey: 'audit-over-cap' },
    );
    await pl1.post(api.userActions.sendResetPasswordEmail, { user_id: customer.id });
    const result = await pl1.get(api.userDetails.audit, { user_id: customer.id });
    expect(result.status).toBe(200);
    const entries = result.json.entries;
    expect(entries.map((entry) => [entry.call_id, entry.outcome, entry.status])).toEqual([
      ['userActions.sendResetPasswordEmail', 'ok', 200],
      ['userActions.giveCredit', 'refused', 403],
      ['users.suspend', 'ok', 200],
    ]);
    expect(entries[2]).toMatchObject({
      staff: { name: 'SUPPORT Tester', role: 'SUPPORT_MASTER' },
      summary: 'Suspend a customer, with a reason',
      body: { reason: 'FRAUD', description: 'chargebacks' },
    });
    expect(entries[1]?.detail).toMatch(/at most \$50\.00/);
    const count = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where target_id = ${String(customer.id)}`,
    );
    expect(count.rows[0]?.n).toBe(3);
  });
});
