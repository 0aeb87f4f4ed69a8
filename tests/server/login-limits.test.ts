import { expect, it } from 'vitest';
import { describeEachBackend } from './support/backends';
import { type TestApi, testPassword, useTestApi } from './support/test-api';

const limits = { windowSeconds: 900, perAccount: 10, perAddress: 15 };

async function attempt(api: TestApi, email: string, password: string, remoteAddress: string) {
  return api.anonymous.post(api.auth.login, {}, { email, password }, { remoteAddress });
}

describeEachBackend('login limits', (backend) => {
  const t = useTestApi(backend, { config: { loginLimits: limits } });

  it('locks an account by its 10th failure within the window, right password included, with Retry-After', async () => {
    const { api } = t;
    const email = api.staff.SUPPORT_PL1.email;
    for (let failure = 1; failure < limits.perAccount; failure++) {
      expect((await attempt(api, email, 'typo', `10.0.1.${failure}`)).status).toBe(422);
    }
    const tenth = await attempt(api, email, 'typo', '10.0.1.10');
    expect(tenth.status).toBe(429);
    expect(tenth.error.code).toBe('too_many_attempts');
    const retryAfter = Number(tenth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(limits.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(limits.windowSeconds);
    const right = await attempt(api, email, testPassword, '10.0.1.99');
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks an unknown e-mail the same way (nothing tells whether it exists)', async () => {
    const { api } = t;
    const results = [];
    for (let failure = 1; failure <= limits.perAccount; failure++) {
      results.push((await attempt(api, 'ghost@test.example', 'typo', '10.0.2.1')).status);
    }
    expect(results.slice(0, -1).every((status) => status === 422)).toBe(true);
    expect(results.at(-1)).toBe(429);
  });

  it('never locks out a colleague at the same address after one person’s typos', async () => {
    const { api } = t;
    const office = '10.0.3.1';
    for (let failure = 0; failure < limits.perAccount + 2; failure++) {
      await attempt(api, api.staff.SUPPORT_PL2.email, 'typo', office);
    }
    expect((await attempt(api, api.staff.SUPPORT_PL2.email, testPassword, office)).status).toBe(429);
    const colleague = await attempt(api, api.staff.SUPPORT_MASTER.email, testPassword, office);
    expect(colleague.status).toBe(200);
  });

  it('bounds failures per address much higher, across e-mails', async () => {
    const { api } = t;
    const address = '10.0.4.1';
    for (let failure = 0; failure < limits.perAddress - 1; failure++) {
      expect((await attempt(api, `guess${failure}@test.example`, 'typo', address)).status).toBe(422);
    }
    const last = await attempt(api, 'guess-last@test.example', 'typo', address);
    expect(last.status).toBe(429);
    expect((await attempt(api, api.staff.MARKETER_PLUS.email, testPassword, address)).status).toBe(429);
    expect((await attempt(api, api.staff.MARKETER_PLUS.email, testPassword, '10.0.4.2')).status).toBe(200);
  });

  it('restarts the account count after a successful sign-in (the failures stay on record)', async () => {
    const { api } = t;
    const email = api.staff.PARTNERS_MANAGER.email;
    for (let failure = 0; failure < limits.perAccount - 1; failure++) await attempt(api, email, 'typo', '10.0.5.1');
    expect((await attempt(api, email, testPassword, '10.0.5.2')).status).toBe(200);
    for (let failure = 0; failure < limits.perAccount - 1; failure++) {
      expect((await attempt(api, email, 'typo', '10.0.5.3')).status).toBe(422);
    }
    expect((await attempt(api, email, testPassword, '10.0.5.4')).status).toBe(200);
  });
});
