import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceCookie } from '../../server/auth/device-cookie';
import { progressiveDelaySeconds } from '../../server/auth/login-limits';
import { defaultLoginLimits, type LoginLimits } from '../../server/config';
import { describeEachBackend } from './support/backends';
import { type TestApi, testPassword, useTestApi } from './support/test-api';

const limits: LoginLimits = { ...defaultLoginLimits, freeFailures: 5, perAccountAddress: 6, perAddress: 20 };

async function attempt(api: TestApi, email: string, password: string, remoteAddress: string, device?: string) {
  const headers = device ? { cookie: `${deviceCookie}=${device}` } : undefined;
  return api.anonymous.post(api.auth.login, {}, { email, password }, { remoteAddress, headers });
}

/** Signs in from a browser and returns the device cookie it was given. */
async function usualBrowser(api: TestApi, email: string, remoteAddress: string): Promise<string> {
  const result = await attempt(api, email, testPassword, remoteAddress);
  expect(result.status).toBe(200);
  const cookie = result.raw.cookies.find((entry) => entry.name === deviceCookie);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/auth' });
  return cookie?.value ?? '';
}

/** Moves every recorded failure of the e-mail `seconds` into the past (time passing, without waiting for it). */
async function timePasses(api: TestApi, email: string, seconds: number) {
  await api.db.execute(
    sql`update login_failures set at = at - make_interval(secs => ${seconds}) where email = ${email}`,
  );
}

/** Moves the account's failures so that the latest was just now: "too soon" holds however slowly the test runs. */
async function latestIsNow(api: TestApi, email: string) {
  await api.db.execute(
    sql`update login_failures set at = at + (now() - (select max(at) from login_failures where email = ${email}))
        where email = ${email}`,
  );
}

describeEachBackend('sign-in limits', (backend) => {
  const t = useTestApi(backend, { config: { loginLimits: limits } });

  it('lets the owner in from their usual browser while others guess their password from many addresses', async () => {
    const { api } = t;
    const email = api.staff.SUPPORT_PL1.email;
    const device = await usualBrowser(api, email, '10.0.1.1');
    const attack = [];
    for (let guess = 0; guess < 30; guess++)
      attack.push((await attempt(api, email, 'guess', `10.66.0.${guess}`)).status);
    expect(attack.slice(0, limits.freeFailures - 1).every((status) => status === 422)).toBe(true);
    expect(attack.slice(limits.freeFailures).every((status) => status === 429)).toBe(true);
    // The attack slows strangers down, right password included…
    expect((await attempt(api, email, testPassword, '10.0.1.1')).status).toBe(429);
    // …but the owner's browser keeps its own allowance: a typo is just a typo, and the password gets them in.
    expect((await attempt(api, email, 'typo', '10.0.1.1', device)).status).toBe(422);
    expect((await attempt(api, email, testPassword, '10.0.1.1', device)).status).toBe(200);
  });

  it('slows guessing from unknown devices down progressively (2, 4, 8… s) instead of locking the account', async () => {
    const { api } = t;
    const email = api.staff.SUPPORT_PL2.email;
    for (let failure = 1; failure < limits.freeFailures; failure++) {
      expect((await attempt(api, email, 'typo', `10.0.2.${failure}`)).status).toBe(422);
    }
    const fifth = await attempt(api, email, 'typo', '10.0.2.5');
    expect(fifth.status).toBe(429);
    expect(fifth.error.code).toBe('too_many_attempts');
    expect(Number(fifth.headers['retry-after'])).toBe(2);
    await latestIsNow(api, email);
    const tooSoon = await attempt(api, email, testPassword, '10.0.2.6');
    expect(tooSoon.status).toBe(429);
    await timePasses(api, email, 3);
    const sixth = await attempt(api, email, 'typo', '10.0.2.7');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBe(4);
    await timePasses(api, email, 5);
    expect((await attempt(api, email, testPassword, '10.0.2.8')).status).toBe(200);
  });

  it('caps the delay, and bounds guesses from unknown devices to about a hundred a day per account', async () => {
    const { api } = t;
    const email = api.staff.ADMIN.email;
    await api.db.execute(
      sql`insert into login_failures (email, ip) select ${email}, '10.0.3.1' from generate_series(1, 40)`,
    );
    const capped = await attempt(api, email, testPassword, '10.0.3.2');
    expect(capped.status).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(limits.maxDelaySeconds);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(limits.maxDelaySeconds - 60);
    let elapsed = 0;
    let guesses = 0;
    while (elapsed < 24 * 3600) {
      guesses += 1;
      elapsed += progressiveDelaySeconds(guesses, defaultLoginLimits);
    }
    expect(guesses).toBeLessThan(120);
  });

  it('serialises a burst of parallel guesses: only the free failures are tried', async () => {
    const { api } = t;
    const email = api.staff.MARKETER_PLUS.email;
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) => attempt(api, email, `guess-${index}`, `10.0.4.${index}`)),
    );
    const statuses = burst.map((result) => result.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(limits.freeFailures - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - limits.freeFailures + 1);
  });

  it('treats an unknown e-mail the same way (nothing tells whether it exists)', async () => {
    const { api } = t;
    const results = [];
    for (let failure = 1; failure <= limits.freeFailures; failure++) {
      results.push((await attempt(api, 'ghost@test.example', 'typo', '10.0.5.1')).status);
    }
    expect(results).toEqual([422, 422, 422, 422, 429]);
  });

  it('gives a known device its own bound, and a device cookie of another account counts for nothing', async () => {
    const { api } = t;
    const email = api.staff.PARTNERS_MANAGER.email;
    const laptop = await usualBrowser(api, email, '10.0.6.1');
    const desktop = await usualBrowser(api, email, '10.0.6.2');
    const statuses = [];
    for (let failure = 0; failure < limits.perDevice; failure++) {
      statuses.push((await attempt(api, email, 'typo', '10.0.6.1', laptop)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt(api, email, testPassword, '10.0.6.1', laptop)).status).toBe(429);
    expect((await attempt(api, email, testPassword, '10.0.6.2', desktop)).status).toBe(200);
    const colleague = api.staff.SUPPORT_MASTER.email;
    for (let failure = 0; failure < limits.freeFailures; failure++) await attempt(api, colleague, 'typo', '10.0.6.9');
    const borrowed = await attempt(api, colleague, testPassword, '10.0.6.1', laptop);
    expect(borrowed.status).toBe(429);
  });
});

describeEachBackend('sign-in limits per address', (backend) => {
  // No progressive delay in the way: these bounds are what is left when it has not started yet.
  const t = useTestApi(backend, { config: { loginLimits: { ...limits, freeFailures: 1000 } } });

  it('bounds one account from one address, and never locks out a colleague at that address', async () => {
    const { api } = t;
    const office = '10.0.7.1';
    const email = api.staff.SUPPORT_PL2.email;
    for (let failure = 1; failure < limits.perAccountAddress; failure++) {
      expect((await attempt(api, email, 'typo', office)).status).toBe(422);
    }
    expect((await attempt(api, email, 'typo', office)).status).toBe(429);
    expect((await attempt(api, email, testPassword, office)).status).toBe(429);
    expect((await attempt(api, email, testPassword, '10.0.7.2')).status).toBe(200);
    expect((await attempt(api, api.staff.SUPPORT_MASTER.email, testPassword, office)).status).toBe(200);
  });

  it('bounds failures per address much higher, across e-mails', async () => {
    const { api } = t;
    const address = '10.0.8.1';
    for (let failure = 1; failure < limits.perAddress; failure++) {
      expect((await attempt(api, `guess${failure}@test.example`, 'typo', address)).status).toBe(422);
    }
    expect((await attempt(api, 'guess-last@test.example', 'typo', address)).status).toBe(429);
    expect((await attempt(api, api.staff.MARKETER_PLUS.email, testPassword, address)).status).toBe(429);
    expect((await attempt(api, api.staff.MARKETER_PLUS.email, testPassword, '10.0.8.2')).status).toBe(200);
  });

  it('restarts the account counts after a successful sign-in (the failures stay on record)', async () => {
    const { api } = t;
    const email = api.staff.PARTNERS_MANAGER.email;
    for (let failure = 1; failure < limits.perAccountAddress; failure++) await attempt(api, email, 'typo', '10.0.9.1');
    expect((await attempt(api, email, testPassword, '10.0.9.2')).status).toBe(200);
    for (let failure = 1; failure < limits.perAccountAddress; failure++) {
      expect((await attempt(api, email, 'typo', '10.0.9.1')).status).toBe(422);
    }
  });
});

describe('the progressive delay', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    const delays = [1, 4, 5, 6, 7, 13, 14, 40].map((failures) => progressiveDelaySeconds(failures, defaultLoginLimits));
    expect(delays).toEqual([0, 0, 2, 4, 8, 512, 900, 900]);
  });
});
