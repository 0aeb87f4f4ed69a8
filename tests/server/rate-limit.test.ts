import { expect, it } from 'vitest';
import { describeEachBackend } from './support/backends';
import { type TestApi, testPassword, useTestApi } from './support/test-api';

const rate = { burst: 5, perMinute: 6 };

let guesses = 0;

/** A failed sign-in, each at another e-mail (so that the sign-in limits stay out of the way). */
function login(api: TestApi, remoteAddress: string, headers?: Record<string, string>) {
  const email = `nobody-${++guesses}@test.example`;
  return api.anonymous.post(api.auth.login, {}, { email, password: 'x' }, { remoteAddress, headers });
}

describeEachBackend('rate of calls before a caller is known', (backend) => {
  const t = useTestApi(backend, { config: { anonymousRate: rate }, trustProxy: ['10.9.0.1'] });

  it('answers 429 with Retry-After once an address used its burst of sign-ins, refreshes and sign-outs', async () => {
    const { api } = t;
    const address = '10.1.0.1';
    const statuses = [];
    for (let call = 0; call < rate.burst; call++) statuses.push((await login(api, address)).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const refused = await api.anonymous.post(api.auth.refresh, {}, undefined, {
      remoteAddress: address,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.status).toBe(429);
    expect(refused.error.code).toBe('rate_limited');
    // One call comes back every 60 / perMinute = 10 s.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect((await login(api, '10.1.0.2')).status).toBe(422);
  });

  it('counts answers 401 and then refuses calls without a valid access token, never a signed-in caller', async () => {
    const { api } = t;
    const address = '10.2.0.1';
    const member = await api.signIn('SUPPORT_PL1', { remoteAddress: address });
    const forged = api.clientWith({ accessToken: 'forged.token.value' });
    const statuses = [];
    for (let call = 0; call < rate.burst + 2; call++) {
      statuses.push((await forged.get(api.users.get, { user_id: 1 }, undefined, { remoteAddress: address })).status);
    }
    expect(statuses.slice(0, rate.burst - 1)).toEqual(Array(rate.burst - 1).fill(401));
    expect(statuses.at(-1)).toBe(429);
    const anonymous = await api.anonymous.get(api.users.get, { user_id: 1 }, undefined, { remoteAddress: address });
    expect(anonymous.status).toBe(429);
    const signedIn = await member.get(api.users.get, { user_id: 1 }, undefined, { remoteAddress: address });
    expect(signedIn.status).not.toBe(429);
    expect(signedIn.status).not.toBe(401);
  });

  it('behind a trusted proxy (TRUST_PROXY) counts each client by X-Forwarded-For, not the proxy', async () => {
    const { api } = t;
    const proxy = '10.9.0.1';
    for (let call = 0; call < rate.burst; call++) await login(api, proxy, { 'x-forwarded-for': '203.0.113.7' });
    expect((await login(api, proxy, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await login(api, proxy, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(422);
    const signIn = await api.anonymous.post(
      api.auth.login,
      {},
      { email: api.staff.SUPPORT_PL2.email, password: testPassword },
      { remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(signIn.status).toBe(200);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy (it cannot pick its own bucket)', async () => {
    const { api } = t;
    const client = '10.3.0.1';
    for (let call = 0; call < rate.burst; call++) {
      await login(api, client, { 'x-forwarded-for': `198.51.100.${call}` });
    }
    expect((await login(api, client, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
  });
});
