import { afterEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('../../src/session/store');

async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import('../../src/session/store');
}

const answer = {
  user_id: 7,
  user_role: 'SUPPORT_PL1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  access_token: 'access-1',
  refresh_token: 'refresh-1',
} as const;

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem('auth') ?? '{}') as Record<string, unknown>;
}

async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => localStorage.clear());

describe('session store', () => {
  it('persists a sign-in under the key auth, with the spec’s fields', async () => {
    const store = await freshStore();
    store.signIn(answer);
    await settled();
    expect(stored()).toEqual({
      userID: 7,
      userRole: 'SUPPORT_PL1',
      userFirstName: 'Ada',
      userLastName: 'Lovelace',
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
  });

  it('reads the persisted session at start, ignoring a role that does not exist', async () => {
    localStorage.setItem('auth', JSON.stringify({ userID: 3, userRole: 'ROOT', accessToken: 'a', refreshToken: 'r' }));
    const store = await freshStore();
    expect(store.session.userID).toBe(3);
    expect(store.session.userRole).toBeNull();
    expect(store.isLoggedIn()).toBe(true);
  });

  it('counts as logged in when either token exists', async () => {
    const { isLoggedIn } = await freshStore();
    expect(isLoggedIn({ accessToken: null, refreshToken: null })).toBe(false);
    expect(isLoggedIn({ accessToken: 'a', refreshToken: null })).toBe(true);
    expect(isLoggedIn({ accessToken: null, refreshToken: 'r' })).toBe(true);
  });

  it('keeps the rotated refresh token, and the old one when none came', async () => {
    const store = await freshStore();
    store.signIn(answer);
    store.storeTokens('access-2', 'refresh-2');
    expect([store.session.accessToken, store.session.refreshToken]).toEqual(['access-2', 'refresh-2']);
    store.storeTokens('access-3', undefined);
    expect([store.session.accessToken, store.session.refreshToken]).toEqual(['access-3', 'refresh-2']);
  });

  it('clears every field', async () => {
    const store = await freshStore();
    store.signIn(answer);
    store.clearSession();
    await settled();
    expect(store.isLoggedIn()).toBe(false);
    expect(stored()).toMatchObject({ userID: null, userRole: null, accessToken: null, refreshToken: null });
  });

  it('takes another tab’s refresh and logout from the storage event', async () => {
    const store = await freshStore();
    store.signIn(answer);
    await settled();
    localStorage.setItem('auth', JSON.stringify({ ...stored(), accessToken: 'from-other-tab' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth' }));
    expect(store.session.accessToken).toBe('from-other-tab');
    localStorage.removeItem('auth');
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth' }));
    expect(store.isLoggedIn()).toBe(false);
  });

  it('ignores storage events for other keys', async () => {
    const store = await freshStore();
    store.signIn(answer);
    await settled();
    localStorage.setItem('loupe.theme', 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: 'loupe.theme' }));
    expect(store.session.accessToken).toBe('access-1');
  });
});
