import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  appLoginAsRedeemPath,
  appPasswordResetRedeemPath,
  appRevocationsPath,
} from '../../domain/integrations/customer-app';
import { auditLog, loginAsLinks, outbox, passwordResetTokens, sessionRevocations } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

const serviceToken = 'app-service-token-for-the-tests-0123';

describeEachBackend("integrations: the customer app redeems Loupe's links with its service token", (backend) => {
  const t = useTestApi(backend, { appServiceToken: serviceToken });
  let admin: Client;
  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
  });

  /** A call as the customer app makes it (its service token unless `bearer` says otherwise). */
  const asApp = (method: 'GET' | 'POST', url: string, body?: unknown, bearer: string | null = serviceToken) =>
    t.api.inject({
      method,
      url,
      headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const loginAsToken = async (customerId: number) => {
    const link = await admin.post(t.api.userActions.loginAs, { user_id: customerId }, { reason: 'Ticket 4411' });
    expect(link.status).toBe(200);
    return link.json.url.split('/impersonate/')[1] ?? '';
  };

  it('redeems a login-as link once: the session claims name the customer and the staff member behind it', async () => {
    const customer = await insertCustomer(t.api.db);
    const token = await loginAsToken(customer.id);
    const redeemed = await asApp('POST', appLoginAsRedeemPath, { token });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({
      customer: { id: customer.id, email: customer.email },
      claims: {
        sub: String(customer.id),
        act: { sub: String(admin.staffId), email: 'admin@test.example', role: 'ADMIN' },
        reason: 'Ticket 4411',
      },
    });
    const [link] = await t.api.db.select().from(loginAsLinks).where(eq(loginAsLinks.customerId, customer.id));
    expect(link?.usedAt).not.toBeNull();
    const again = await asApp('POST', appLoginAsRedeemPath, { token });
    expect([again.statusCode, again.json().code]).toEqual([410, 'link_used']);
    const audited = await t.api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(customer.id)));
    expect(audited.filter((row) => row.callId === 'integrations.app.login_as_redeemed')).toHaveLength(1);
  });

  it('lets only one of two redemptions at once succeed', async () => {
    const customer = await insertCustomer(t.api.db);
    const token = await loginAsToken(customer.id);
    const answers = await Promise.all([
      asApp('POST', appLoginAsRedeemPath, { token }),
      asApp('POST', appLoginAsRedeemPath, { token }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('refuses a late link, an unknown one, a bad token shape, and a wrong or missing service token', async () => {
    const customer = await insertCustomer(t.api.db);
    const late = await loginAsToken(customer.id);
    await t.api.db
      .update(loginAsLinks)
      .set({ expiresAt: '2020-01-01T00:00:00Z' })
      .where(eq(loginAsLinks.customerId, customer.id));
    const lateAnswer = await asApp('POST', appLoginAsRedeemPath, { token: late });
    expect([lateAnswer.statusCode, lateAnswer.json().code]).toEqual([410, 'link_expired']);
    const fresh = await loginAsToken(customer.id);
    const refusals = [
      [await asApp('POST', appLoginAsRedeemPath, { token: 'a'.repeat(43) }), 404, 'link_not_found'],
      [await asApp('POST', appLoginAsRedeemPath, { token: 'not a token!' }), 400, 'validation_failed'],
      [await asApp('POST', appLoginAsRedeemPath, { token: fresh, extra: 1 }), 400, 'validation_failed'],
      [await asApp('POST', appLoginAsRedeemPath, { token: fresh }, 'wrong-token'), 401, 'service_token_invalid'],
      [await asApp('POST', appLoginAsRedeemPath, { token: fresh }, null), 401, 'service_token_invalid'],
      [
        await asApp('GET', `${appRevocationsPath}?since=2026-01-01T00:00:00Z`, undefined, 'x'),
        401,
        'service_token_invalid',
      ],
    ] as const;
    for (const [answer, status, code] of refusals)
      expect([answer.statusCode, answer.json().code]).toEqual([status, code]);
    // None of the refusals used the fresh link up.
    expect((await asApp('POST', appLoginAsRedeemPath, { token: fresh })).statusCode).toBe(200);
  });

  it('redeems a reset-password token once, and refuses it once expired', async () => {
    const customer = await insertCustomer(t.api.db);
    const tokenOf = async () => {
      expect((await admin.post(t.api.userActions.sendResetPasswordEmail, { user_id: customer.id })).status).toBe(200);
      const sent = await t.api.db.select().from(outbox).where(eq(outbox.customerId, customer.id)).orderBy(outbox.id);
      const url = String((sent.at(-1)?.payload as { reset_url?: string } | undefined)?.reset_url);
      return url.split('/reset-password/')[1] ?? '';
    };
    const token = await tokenOf();
    const redeemed = await asApp('POST', appPasswordResetRedeemPath, { token });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().customer).toMatchObject({ id: customer.id, email: customer.email });
    const again = await asApp('POST', appPasswordResetRedeemPath, { token });
    expect([again.statusCode, again.json().code]).toEqual([410, 'link_used']);
    const late = await tokenOf();
    await t.api.db
      .update(passwordResetTokens)
      .set({ expiresAt: '2020-01-01T00:00:00Z' })
      .where(eq(passwordResetTokens.customerId, customer.id));
    const lateAnswer = await asApp('POST', appPasswordResetRedeemPath, { token: late });
    expect([lateAnswer.statusCode, lateAnswer.json().code]).toEqual([410, 'link_expired']);
  });

  it('lists what force-logout revoked since a time, page by page', async () => {
    const customer = await insertCustomer(t.api.db);
    const since = '2026-01-01T00:00:00Z';
    const first = await asApp('GET', `${appRevocationsPath}?since=${since}`);
    expect(first.statusCode).toBe(200);
    const next = first.json().next;
    for (const reason of ['Stolen phone', 'Shared password']) {
      expect((await admin.post(t.api.userActions.forceLogout, { user_id: customer.id }, { reason })).status).toBe(200);
    }
    // Revocations are listed once settled (a few seconds old): age them rather than wait.
    await t.api.db
      .update(sessionRevocations)
      .set({ revokedAt: '2026-06-01T10:00:00.123456Z' })
      .where(eq(sessionRevocations.customerId, customer.id));
    const listed = await asApp('GET', `${appRevocationsPath}?since=${next.since}&after_id=${next.after_id}`);
    expect(listed.statusCode).toBe(200);
    const page = listed.json();
    expect(page.revocations.map((row: { customer_id: number }) => row.customer_id)).toEqual([customer.id, customer.id]);
    expect(page.revocations[0].revoked_at).toBe('2026-06-01T10:00:00.123456Z');
    const after = await asApp('GET', `${appRevocationsPath}?since=${page.next.since}&after_id=${page.next.after_id}`);
    expect(after.json().revocations).toEqual([]);
    const bad = await asApp('GET', `${appRevocationsPath}?since=yesterday`);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
  });
});
