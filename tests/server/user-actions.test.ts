import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { giveCreditReasons } from '../../domain/user-actions';
import { activityEvents, customerCredits, loginAsLinks, outbox } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import type { TestApi } from './support/test-api';
import { useTestApi } from './support/test-api';

async function creditsOf(api: TestApi, customerId: number) {
  return api.db.select().from(customerCredits).where(eq(customerCredits.customerId, customerId));
}

async function eventsOf(api: TestApi, customerId: number) {
  return api.db.select().from(activityEvents).where(eq(activityEvents.customerId, customerId));
}

async function outboxOf(api: TestApi, customerId: number) {
  return api.db.select().from(outbox).where(eq(outbox.customerId, customerId));
}

let keys = 0;
const newKey = () => `action-key-${Date.now()}-${++keys}`;

describeEachBackend('user actions', (backend) => {
  const t = useTestApi(backend);

  it('serves the give-credit reasons of the spec and the trial-photo reasons as {value, label}', async () => {
    const { api } = t;
    const pl1 = await api.signIn('SUPPORT_PL1');
    const credit = await pl1.get(api.userActions.giveCreditReasons);
    expect(credit.json).toHaveLength(18);
    expect(credit.json[0]).toEqual({ value: 'MISSING_REFERRAL_LINK_CREDIT', label: 'Missing referral link credit' });
    expect(credit.json.map((reason) => reason.value)).toEqual(giveCreditReasons.map((reason) => reason.value));
    const trial = await pl1.get(api.userActions.addTrialPhotosReasons);
    expect(trial.json.length).toBeGreaterThan(3);
  });

  it('gives credit: one ledger row, the body echoed with id, user_id and date, and a timeline event', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'EUR' });
    const pl2 = await api.signIn('SUPPORT_PL2');
    const result = await pl2.post(
      api.userActions.giveCredit,
      { user_id: customer.id },
      { amount: 120.5, reason: 'DUPLICATE_PROJECT', description: 'charged twice' },
      { idempotencyKey: newKey() },
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(result.json).toMatchObject({
      user_id: customer.id,
      amount: 120.5,
      reason: 'DUPLICATE_PROJECT',
      description: 'charged twice',
      value: { amount: 12050, multiplier: 100, symbol: '€' },
    });
    expect(result.json.date).toMatch(/Z$/);
    const [row] = await creditsOf(api, customer.id);
    expect(row).toMatchObject({ id: result.json.id, amount: 12050, currency: 'EUR', source: 'STAFF' });
    const [event] = await eventsOf(api, customer.id);
    expect(event).toMatchObject({ event: 'Credit given', category: 'STAFF_ACTION' });
    expect(event?.properties).toContainEqual({ label: 'Amount', value: '€120.50' });
  });

  it('caps give_credit_capped at $50 per action with a message naming the cap; give_credit goes further', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const give = (client: typeof pl1, amount: number) =>
      client.post(
        api.userActions.giveCredit,
        { user_id: customer.id },
        { amount, reason: 'SURVEY' },
        { idempotencyKey: newKey() },
      );
    expect((await give(pl1, 50)).status).toBe(200);
    const over = await give(pl1, 50.01);
    expect(over.status).toBe(403);
    expect(over.error).toEqual({
      code: 'credit_cap_exceeded',
      field: 'amount',
      detail: 'amount: your role may give at most $50.00 per action; ask a PL2, a master or an admin for more',
    });
    expect((await creditsOf(api, customer.id)).map((row) => row.amount)).toEqual([5000]);
    const pl2 = await api.signIn('SUPPORT_PL2');
    expect((await give(pl2, 500)).status).toBe(200);
    const tooMuch = await give(pl2, 5000.01);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error.detail).toBe('amount: must be at most 5000');
    for (const [amount, detail] of [
      [0, 'amount: must be more than 0'],
      [1.234, 'amount: at most two decimals'],
    ] as const) {
      const result = await give(pl2, amount);
      expect(result.status).toBe(400);
      expect(result.error.detail).toBe(detail);
    }
    expect(await creditsOf(api, customer.id)).toHaveLength(2);
  });

  it('gives credit once under 20 concurrent identical requests with one Idempotency-Key', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const master = await api.signIn('SUPPORT_MASTER');
    const idempotencyKey = newKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        master.post(
          api.userActions.giveCredit,
          { user_id: customer.id },
          { amount: 25, reason: 'GIVEAWAY', description: 'double enter' },
          { idempotencyKey },
        ),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    const bodies = new Set(results.map((result) => result.raw.body));
    expect(bodies.size).toBe(1);
    expect(await creditsOf(api, customer.id)).toHaveLength(1);
    expect((await eventsOf(api, customer.id)).filter((event) => event.event === 'Credit given')).toHaveLength(1);
  });

  it('sends e-mails through the outbox and shows them on the timeline', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { ccEmails: ['books@studio.example'] });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const reset = await pl1.post(api.userActions.sendResetPasswordEmail, { user_id: customer.id });
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ recipient: customer.email, template: 'RESET_PASSWORD' });
    const link = await pl1.post(
      api.userActions.sendPaymentLink,
      { user_id: customer.id },
      { link: 'UPDATE_PAYMENT_METHOD' },
    );
    expect(link.json.url).toContain('/billing/update-payment-method');
    const note = await pl1.post(
      api.userActions.sendEmail,
      { user_id: customer.id },
      { template: 'TRIAL_EXTENDED', note: 'Enjoy 200 more photos' },
    );
    expect(note.status).toBe(200);
    const rows = await outboxOf(api, customer.id);
    expect(rows.map((row) => row.template).sort()).toEqual(['PAYMENT_LINK', 'RESET_PASSWORD', 'TRIAL_EXTENDED']);
    expect(rows.every((row) => row.recipient === customer.email && row.sentAt === null)).toBe(true);
    const trial = rows.find((row) => row.template === 'TRIAL_EXTENDED');
    expect(trial?.payload).toMatchObject({ note: 'Enjoy 200 more photos', cc: ['books@studio.example'] });
    expect(
      String((rows.find((row) => row.template === 'RESET_PASSWORD')?.payload as { reset_url?: string })?.reset_url),
    ).toMatch(/^https:\/\/app\.example\.com\/reset-password\/[\w-]{20,}$/);
    const emailEvents = (await eventsOf(api, customer.id)).filter((event) => event.category === 'EMAIL');
    expect(emailEvents).toHaveLength(3);
    const timeline = await pl1.get(api.userDetails.activity, { user_id: customer.id });
    expect(timeline.json.events.filter((event) => event.event === 'E-mail sent')).toHaveLength(3);
  });

  it('adds trial photos up to 1000 per action, and refuses more with the cap in the message', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { trialPhotosMax: 1000, trialPhotosUsed: 900 });
    const marketer = await api.signIn('MARKETER_PLUS');
    const added = await marketer.post(
      api.userActions.addTrialPhotos,
      { user_id: customer.id },
      { amount: 1000, reason: 'TECHNICAL_ISSUE' },
    );
    expect(added.status).toBe(200);
    expect(added.json.user).toMatchObject({ photos_for_trial: '900/2000', remaining_photos_for_trial: 1100 });
    expect(added.json.user.last_updated_row).not.toBe(new Date(customer.lastUpdatedRow).toISOString());
    const over = await marketer.post(
      api.userActions.addTrialPhotos,
      { user_id: customer.id },
      { amount: 1001, reason: 'TECHNICAL_ISSUE' },
    );
    expect(over.status).toBe(400);
    expect(over.error.detail).toBe('amount: must be at most 1000 (the cap per action)');
    expect((await readCustomer(api.db, customer.id))?.trialPhotosMax).toBe(2000);
  });

  it('refuses to ignore the abusive flag of a customer who is not flagged (409), changing nothing', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { abusiveSuspicious: false });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const refused = await pl1.post(api.userActions.ignoreAbusiveUser, { user_id: customer.id });
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('abusive_not_flagged');
    expect((await readCustomer(api.db, customer.id))?.abusiveIgnore).toBe(false);
  });

  it('ignores and un-ignores the abusive flag, 409 when already so', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { abusiveSuspicious: true });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const params = { user_id: customer.id };
    expect((await pl1.post(api.userActions.ignoreAbusiveUser, params)).json.user.abusive_ignore).toBe(true);
    expect((await pl1.post(api.userActions.ignoreAbusiveUser, params)).error.code).toBe('abusive_already_ignored');
    expect((await pl1.post(api.userActions.undoIgnoreAbusiveUser, params)).json.user.abusive_ignore).toBe(false);
    expect((await pl1.post(api.userActions.undoIgnoreAbusiveUser, params)).status).toBe(409);
    expect((await eventsOf(api, customer.id)).map((event) => event.event).sort()).toEqual([
      'Abusive flag ignored',
      'Abusive flag no longer ignored',
    ]);
  });

  it('grants a free culling plan, grants culling credits, terminates the plan', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const admin = await api.signIn('ADMIN');
    const params = { user_id: customer.id };
    const granted = await admin.post(api.userActions.grantFreeCullingPlan, params, { months: 3 });
    expect(granted.json).toMatchObject({ culling_subscription_type: 'FREE' });
    const days = (Date.parse(granted.json.plan_end ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(85);
    expect(days).toBeLessThan(95);
    expect((await admin.post(api.userActions.grantFreeCullingPlan, params, { months: 2 })).status).toBe(400);
    const credits = await admin.post(api.userActions.grantCullingCredits, params, { amount: 250 });
    expect(credits.json.culling_credits).toBe(250);
    const ended = await admin.post(api.userActions.terminateCullingPlan, params, { reason: 'asked to stop' });
    expect(ended.json).toMatchObject({ culling_subscription_type: 'NONE', plan_info: null });
    const again = await admin.post(api.userActions.terminateCullingPlan, params, { reason: 'asked to stop' });
    expect(again.error.code).toBe('no_culling_plan');
    const paid = await insertCustomer(api.db, { cullingSubscriptionType: 'YEARLY' });
    const refused = await admin.post(api.userActions.grantFreeCullingPlan, { user_id: paid.id }, { months: 1 });
    expect(refused.error.code).toBe('culling_plan_active');
  });

  it('forces a logout and makes a single-use login-as link stored hashed, valid 5 minutes', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const params = { user_id: customer.id };
    const logout = await pl1.post(api.userActions.forceLogout, params, { reason: 'shared password' });
    expect(logout.status).toBe(200);
    expect((await readCustomer(api.db, customer.id))?.sessionsRevokedAt).not.toBeNull();
    const noReason = await pl1.post(api.userActions.loginAs, params, {});
    expect(noReason.status).toBe(400);
    expect(noReason.error.detail).toBe('reason: is required');
    const link = await pl1.post(api.userActions.loginAs, params, { reason: 'reproduce ticket 4411' });
    expect(link.status).toBe(200);
    const match = /^https:\/\/app\.example\.com\/impersonate\/([\w-]{40,})$/.exec(link.json.url);
    expect(match).not.toBeNull();
    const token = match?.[1] ?? '';
    const [stored] = await api.db.select().from(loginAsLinks).where(eq(loginAsLinks.customerId, customer.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.usedAt).toBeNull();
    const ttl = (Date.parse(link.json.expires_at) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(240);
    expect(ttl).toBeLessThanOrEqual(301);
  });

  it('changes the e-mail only to a free one and tells the old address', async () => {
    const { api } = t;
    const other = await insertCustomer(api.db, { email: 'occupied@example.net' });
    const customer = await insertCustomer(api.db);
    const master = await api.signIn('SUPPORT_MASTER');
    const params = { user_id: customer.id };
    const taken = await master.post(api.userActions.changeEmail, params, { email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ code: 'email_taken', field: 'email' });
    const changed = await master.post(api.userActions.changeEmail, params, { email: ' Fresh.Address@Example.net ' });
    expect(changed.status).toBe(200);
    expect(changed.json.user.email).toBe('fresh.address@example.net');
    const [mail] = await outboxOf(api, customer.id);
    expect(mail).toMatchObject({ template: 'EMAIL_CHANGED', recipient: customer.email });
  });

  it('adds a referral by id or e-mail, and refuses self, unknown and already-referred customers', async () => {
    const { api } = t;
    const referrer = await insertCustomer(api.db, { referredSignups: 0, referredSubscribed: 0 });
    const referred = await insertCustomer(api.db, { subscriptionType: 'METERED' });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const params = { user_id: referrer.id };
    const added = await pl1.post(api.userActions.addReferral, params, { referred_user: referred.email });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({
      referred_user_id: referred.id,
      user: { referred_users: { signups: 1, subscribed: 1 } },
    });
    expect((await readCustomer(api.db, referred.id))?.referredBy).toBe(referrer.email);
    const again = await pl1.post(api.userActions.addReferral, params, { referred_user: String(referred.id) });
    expect(again.error.code).toBe('already_referred');
    const self = await pl1.post(api.userActions.addReferral, params, { referred_user: String(referrer.id) });
    expect(self.error.code).toBe('self_referral');
    const unknown = await pl1.post(api.userActions.addReferral, params, { referred_user: 'ghost@example.net' });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'referred_user_not_found', field: 'referred_user' });
    const events = await api.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.customerId, referred.id), eq(activityEvents.event, 'Recorded as referred')));
    expect(events).toHaveLength(1);
  });

  it('never answers 5xx to arbitrary JSON bodies, and writes nothing for refused ones', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const master = await api.signIn('SUPPORT_MASTER');
    const before = JSON.stringify(await readCustomer(api.db, customer.id));
    const calls = [
      api.userActions.giveCredit,
      api.userActions.addTrialPhotos,
      api.userActions.grantFreeCullingPlan,
      api.userActions.sendEmail,
      api.userDetails.saveDetails,
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), fc.jsonValue({ maxDepth: 3 }), async (endpoint, body) => {
        const result = await master.call(
          endpoint,
          { params: { user_id: customer.id }, body },
          endpoint.money ? { idempotencyKey: newKey() } : undefined,
        );
        expect(result.status, JSON.stringify(body)).toBeLessThan(500);
        if (result.status >= 400) expect(result.error.detail.length).toBeGreaterThan(5);
        return true;
      }),
      { numRuns: 80 },
    );
    expect(await creditsOf(api, customer.id)).toHaveLength(0);
    expect(JSON.stringify(await readCustomer(api.db, customer.id))).toBe(before);
  });
});
