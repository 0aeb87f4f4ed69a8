import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../server/db/schema';
import type { Caller } from '../../server/http/caller';
import { SessionCache, sessionCacheMs } from '../../server/http/session-cache';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer, setStaffActive, setStaffRole } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

const caller: Caller = {
  staff: { id: 1, role: 'ADMIN', email: 'a@test.example', firstName: 'A', lastName: 'B' },
  sessionId: '00000000-0000-4000-8000-000000000001',
};

describe('SessionCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps nothing while its change feed is not live', () => {
    const cache = new SessionCache();
    cache.set('token', caller, Date.now(), Date.now() + 60_000);
    expect(cache.get('token')).toBeNull();
  });

  it('answers for a token for at most its time to live, and never past the token’s expiry', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new SessionCache();
    cache.enabled = true;
    cache.set('long-lived', caller, Date.now(), Date.now() + 60_000);
    cache.set('expiring', caller, Date.now(), Date.now() + 200);
    expect(cache.get('long-lived')).toBe(caller);
    expect(cache.get('expiring')).toBe(caller);
    vi.advanceTimersByTime(200);
    expect(cache.get('expiring')).toBeNull();
    vi.advanceTimersByTime(sessionCacheMs - 200);
    expect(cache.get('long-lived')).toBeNull();
  });

  it('forgets everything on a change, and does not keep a check that began before it', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new SessionCache();
    cache.enabled = true;
    cache.set('token', caller, Date.now(), Date.now() + 60_000);
    const checkStarted = Date.now();
    vi.advanceTimersByTime(5);
    cache.forgetAll();
    expect(cache.get('token')).toBeNull();
    cache.set('token', caller, checkStarted, Date.now() + 60_000);
    expect(cache.get('token')).toBeNull();
  });
});

describeEachBackend('session checks', (backend) => {
  const t = useTestApi(backend);

  /** Signs in and makes one call, so that the token's check is cached. */
  async function warmClient(role: 'SUPPORT_PL1' | 'SUPPORT_PL2_CC'): Promise<Client> {
    const client = await t.api.signIn(role);
    expect((await client.get(t.api.users.lastViewed)).status).toBe(200);
    expect((await client.get(t.api.users.lastViewed)).status).toBe(200);
    return client;
  }

  it('refuses a token whose session another process revoked, on the very next call', async () => {
    const client = await warmClient('SUPPORT_PL1');
    const [session] = await t.api.db.select({ id: sessions.id }).from(sessions).orderBy(sql`created_at desc`).limit(1);
    if (!session) throw new Error('no session');
    await t.api.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, session.id));
    const call = await client.get(t.api.users.lastViewed);
    expect(call.status).toBe(401);
    expect(call.error.code).toBe('session_revoked');
  });

  it('refuses a deactivated staff member and applies a new role on the very next call', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const client = await warmClient('SUPPORT_PL2_CC');
    await setStaffRole(api.db, api.staff.SUPPORT_PL2_CC.id, 'SUPPORT_PL1_CC');
    try {
      const demoted = await client.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' });
      expect(demoted.status).toBe(403);
      expect((await readCustomer(api.db, customer.id))?.status).toBe('ACTIVE');
      await setStaffActive(api.db, api.staff.SUPPORT_PL2_CC.id, false);
      const refused = await client.get(api.users.lastViewed);
      expect(refused.status).toBe(401);
      expect(refused.error.code).toBe('staff_deactivated');
    } finally {
      await setStaffActive(api.db, api.staff.SUPPORT_PL2_CC.id, true);
      await setStaffRole(api.db, api.staff.SUPPORT_PL2_CC.id, 'SUPPORT_PL2_CC');
    }
  });
});
