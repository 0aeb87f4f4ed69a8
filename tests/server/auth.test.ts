import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { xsrfCookie } from '../../domain/auth';
import { signAccessToken } from '../../server/auth/tokens';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer, setStaffActive, setStaffRole } from './support/fixtures';
import { testPassword, testSecret, useTestApi } from './support/test-api';

describeEachBackend('auth', (backend) => {
  const t = useTestApi(backend);

  it('signs in with the spec answer and sets the cross-site token cookie', async () => {
    const { api } = t;
    const result = await api.anonymous.post(
      api.auth.login,
      {},
      { email: api.staff.ADMIN.email, password: testPassword },
    );
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ user_id: api.staff.ADMIN.id, user_role: 'ADMIN', first_name: 'ADMIN' });
    expect(result.json.access_token).toMatch(/^ey/);
    expect(result.json.refresh_token.length).toBeGreaterThan(30);
    const cookie = result.raw.cookies.find((entry) => entry.name === xsrfCookie);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
  });

  it('takes the e-mail in any case and with spaces around it', async () => {
    const { api } = t;
    const email = `  ${api.staff.SUPPORT_PL1.email.toUpperCase()} `;
    const result = await api.anonymous.post(api.auth.login, {}, { email, password: testPassword });
    expect(result.status).toBe(200);
  });

  it('answers the same 422 for an unknown e-mail, a wrong password and a deactivated account', async () => {
    const { api } = t;
    const unknown = await api.anonymous.post(api.auth.login, {}, { email: 'nobody@test.example', password: 'x' });
    const wrong = await api.anonymous.post(api.auth.login, {}, { email: api.staff.ADMIN.email, password: 'wrong' });
    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(unknown.raw.body).toBe(wrong.raw.body);
    expect(unknown.error).toEqual({ detail: 'Wrong e-mail or password', code: 'bad_credentials' });
  });

  it('refuses calls without a token, with a garbage token, a foreign signature or a refresh token', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    const missing = await api.anonymous.get(api.users.lastViewed);
    expect(missing.status).toBe(401);
    expect(missing.error.code).toBe('not_authenticated');
    const foreign = await signAccessToken(
      { staffId: api.staff.ADMIN.id, role: 'ADMIN', sessionId: '00000000-0000-4000-8000-000000000000' },
      'another-secret-of-at-least-thirty-two-chars',
      900,
    );
    for (const token of ['garbage', foreign, admin.refreshToken ?? '', `${admin.accessToken}x`]) {
      const result = await api.clientWith({ accessToken: token }).get(api.users.lastViewed);
      expect(result.status).toBe(401);
      expect(result.error.code).toBe('token_invalid');
      expect(result.error.detail).not.toBe('Signature has expired');
    }
  });

  it('answers "Signature has expired" for an expired access token', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    const session = JSON.parse(Buffer.from(admin.accessToken?.split('.')[1] ?? '', 'base64url').toString()).sid;
    const expired = await signAccessToken(
      { staffId: api.staff.ADMIN.id, role: 'ADMIN', sessionId: session },
      testSecret,
      -5,
    );
    const result = await api.clientWith({ accessToken: expired }).get(api.users.lastViewed);
    expect(result.status).toBe(401);
    expect(result.error.detail).toBe('Signature has expired');
  });

  it('rotates the refresh token: a new pair, the new access token works, the cookie is set again', async () => {
    const { api } = t;
    const pl1 = await api.signIn('SUPPORT_PL1');
    const refreshed = await pl1.post(api.auth.refresh);
    expect(refreshed.status).toBe(200);
    const { access_token, refresh_token } = refreshed.json.data;
    expect(refresh_token).not.toBe(pl1.refreshToken);
    expect(refreshed.raw.cookies.find((entry) => entry.name === xsrfCookie)?.value).toBe(pl1.xsrfToken);
    const next = api.clientWith({ accessToken: access_token, refreshToken: refresh_token });
    expect((await next.get(api.users.lastViewed)).status).toBe(200);
    expect((await next.post(api.auth.refresh)).status).toBe(200);
  });

  it('lets the immediately previous refresh token through within the grace period (two tabs)', async () => {
    const { api } = t;
    const tabA = await api.signIn('SUPPORT_PL2');
    const tabB = api.clientWith({ accessToken: tabA.accessToken, refreshToken: tabA.refreshToken });
    const [first, second] = await Promise.all([tabA.post(api.auth.refresh), tabB.post(api.auth.refresh)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.json.data.refresh_token).not.toBe(second.json.data.refresh_token);
    for (const pair of [first.json.data, second.json.data]) {
      const tab = api.clientWith({ accessToken: pair.access_token, refreshToken: pair.refresh_token });
      expect((await tab.get(api.users.lastViewed)).status).toBe(200);
      expect((await tab.post(api.auth.refresh)).status).toBe(200);
    }
  });

  it('revokes the whole family when a used refresh token comes back and is not the immediately previous one', async () => {
    const { api } = t;
    const client = await api.signIn('SUPPORT_MASTER');
    const original = client.refreshToken;
    const second = (await client.post(api.auth.refresh)).json.data;
    const third = (
      await api.clientWith({ accessToken: null, refreshToken: second.refresh_token }).post(api.auth.refresh)
    ).json.data;
    const reused = await api.clientWith({ accessToken: null, refreshToken: original }).post(api.auth.refresh);
    expect(reused.status).toBe(401);
    expect(reused.error.code).toBe('refresh_reused');
    const latest = api.clientWith({ accessToken: third.access_token, refreshToken: third.refresh_token });
    expect((await latest.post(api.auth.refresh)).status).toBe(401);
    const call = await latest.get(api.users.lastViewed);
    expect(call.status).toBe(401);
    expect(call.error.code).toBe('session_revoked');
    expect((await api.signIn('SUPPORT_MASTER').then((fresh) => fresh.get(api.users.lastViewed))).status).toBe(200);
  });

  it('answers 401 for an unknown refresh token or none', async () => {
    const { api } = t;
    const unknown = await api.clientWith({ accessToken: null, refreshToken: 'not-a-token' }).post(api.auth.refresh);
    expect(unknown.status).toBe(401);
    expect(unknown.error.code).toBe('refresh_invalid');
    const none = await api.anonymous.post(api.auth.refresh);
    expect(none.status).toBe(401);
  });

  it('logs out: the family and its access tokens stop working at once', async () => {
    const { api } = t;
    const client = await api.signIn('PARTNERS_MANAGER');
    const out = await client.post(api.auth.logout);
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ ok: true });
    expect(out.raw.cookies.find((entry) => entry.name === xsrfCookie)?.value).toBe('');
    const call = await client.get(api.users.lastViewed);
    expect(call.status).toBe(401);
    expect(call.error.code).toBe('session_revoked');
    expect((await client.post(api.auth.refresh)).status).toBe(401);
    const other = await api.signIn('PARTNERS_MANAGER');
    expect((await other.get(api.users.lastViewed)).status).toBe(200);
  });

  it('rejects a deactivated staff member at once, and takes the role from the database', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl2cc = await api.signIn('SUPPORT_PL2_CC');
    await setStaffRole(api.db, api.staff.SUPPORT_PL2_CC.id, 'SUPPORT_PL1_CC');
    const demoted = await pl2cc.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' });
    expect(demoted.status).toBe(403);
    expect((await readCustomer(api.db, customer.id))?.status).toBe('ACTIVE');
    await setStaffRole(api.db, api.staff.SUPPORT_PL2_CC.id, 'SUPPORT_PL2_CC');
    await setStaffActive(api.db, api.staff.SUPPORT_PL2_CC.id, false);
    try {
      const call = await pl2cc.get(api.users.lastViewed);
      expect(call.status).toBe(401);
      expect(call.error.code).toBe('staff_deactivated');
      expect((await pl2cc.post(api.auth.refresh)).status).toBe(401);
      const login = await api.anonymous.post(
        api.auth.login,
        {},
        { email: api.staff.SUPPORT_PL2_CC.email, password: testPassword },
      );
      expect(login.status).toBe(422);
    } finally {
      await setStaffActive(api.db, api.staff.SUPPORT_PL2_CC.id, true);
    }
  });

  it('refuses a mutation without the cross-site token, with a wrong one, or with another session’s', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl2 = await api.signIn('SUPPORT_PL2');
    const other = await api.signIn('SUPPORT_PL2');
    for (const xsrf of [null, 'wrong', other.xsrfToken]) {
      const result = await pl2.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' }, { xsrf });
      expect(result.status).toBe(403);
      expect(result.error.code).toBe('xsrf_failed');
    }
    expect((await readCustomer(api.db, customer.id))?.status).toBe('ACTIVE');
    expect((await pl2.get(api.users.get, { user_id: customer.id }, undefined, { xsrf: null })).status).toBe(200);
    expect((await pl2.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' })).status).toBe(200);
  });
});

// Token times are whole seconds (JWT exp): a 1-second token issued late in a second lives for almost nothing, so the
// access token gets 3 s (at least 2 s of use on a loaded machine) and both have expired 4.1 s after the first call.
describeEachBackend('auth with short-lived tokens', (backend) => {
  const t = useTestApi(backend, {
    config: { accessTokenTtlSeconds: 3, refreshTokenTtlSeconds: 4, refreshGraceSeconds: 1 },
  });

  it('answers exactly "Signature has expired" once the access token is older than its TTL; an expired refresh token is 401', async () => {
    const { api } = t;
    const client = await api.signIn('ADMIN');
    expect((await client.get(api.users.lastViewed)).status).toBe(200);
    await sleep(4100);
    const expired = await client.get(api.users.lastViewed);
    expect(expired.status).toBe(401);
    expect(expired.error.detail).toBe('Signature has expired');
    expect(expired.error.code).toBe('token_expired');
    const refreshed = await client.post(api.auth.refresh);
    expect(refreshed.status).toBe(401);
    expect(refreshed.error.code).toBe('refresh_invalid');
  });
});

// Its own refresh lifetime (long) apart from the grace (one second), so a loaded machine cannot expire the token first.
describeEachBackend('auth with a one-second refresh grace', (backend) => {
  const t = useTestApi(backend, { config: { refreshGraceSeconds: 1 } });

  it('revokes the family when the previous token comes back after the grace period', async () => {
    const { api } = t;
    const client = await api.signIn('SUPPORT_PL1');
    const next = await client.post(api.auth.refresh);
    expect(next.status).toBe(200);
    await sleep(1200);
    const late = await client.post(api.auth.refresh);
    expect(late.status).toBe(401);
    expect(late.error.code).toBe('refresh_reused');
    const successor = api.clientWith({ accessToken: null, refreshToken: next.json.data.refresh_token });
    expect((await successor.post(api.auth.refresh)).status).toBe(401);
  });
});
