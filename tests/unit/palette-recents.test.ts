import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frecencies, frecencyAt, halfLifeMs, recents, reloadRecents, rememberCommand } from '../../commands/recents';
import { clearSession } from '../../src/session/store';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 24, 12);

beforeEach(() => {
  localStorage.clear();
  clearSession();
  signedInAs('ADMIN');
  // reloadRecents asks the server for the person's uses: answered by the fake server, never the network.
  const server = new FakeApi();
  server.delay = 0;
  server.install();
  reloadRecents();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('frecency of the commands run from the palette', () => {
  it('counts each run and halves the count every half-life', () => {
    rememberCommand('user.suspend', now - 2 * halfLifeMs);
    rememberCommand('user.suspend', now - 2 * halfLifeMs);
    rememberCommand('user.give-credit', now);
    const values = frecencies(recents, now);
    expect(values.get('user.suspend')).toBeCloseTo(0.5);
    expect(values.get('user.give-credit')).toBeCloseTo(1);
    expect(frecencyAt(recents.runs['user.give-credit'], now + halfLifeMs)).toBeCloseTo(0.5);
  });

  it('ranks a command run often this week above one run once today, and above one run often months ago', () => {
    for (const daysAgo of [1, 2, 3, 4]) rememberCommand('user.change-email', now - daysAgo * day);
    rememberCommand('user.force-logout', now);
    for (let run = 0; run < 8; run += 1) rememberCommand('user.suspend', now - 90 * day);
    const values = frecencies(recents, now);
    expect(values.get('user.change-email')).toBeGreaterThan(values.get('user.force-logout') ?? 0);
    expect(values.get('user.force-logout')).toBeGreaterThan(values.get('user.suspend') ?? 0);
  });

  it('is stored with the recents of the staff member and read back after a reload', () => {
    rememberCommand('user.suspend', now);
    expect(JSON.parse(localStorage.getItem('loupe.recents.7') ?? '{}').runs['user.suspend']).toEqual({
      weight: 1,
      at: now,
    });
    recents.runs = {};
    reloadRecents();
    expect(frecencies(recents, now).get('user.suspend')).toBeCloseTo(1);
  });
});

describe('recents kept on the server', () => {
  it('merges the server’s uses: the more frecent record of a command, and customers seen in other browsers', async () => {
    const { mergeServerUses } = await import('../../commands/recents');
    rememberCommand('user.suspend', now);
    rememberCommand('user.give-credit', now);
    const at = new Date(now).toISOString();
    mergeServerUses(
      [
        { key: 'user.give-credit', weight: 5, at, label: null },
        { key: 'user.suspend', weight: 0.2, at, label: null },
        { key: 'user:9', weight: 2, at, label: { name: 'Sam Cook', email: 'scook@example.com' } },
      ],
      now,
    );
    const values = frecencies(recents, now);
    expect(values.get('user.give-credit')).toBeCloseTo(5);
    expect(values.get('user.suspend')).toBeCloseTo(1);
    expect(recents.users).toEqual([{ id: 9, name: 'Sam Cook', email: 'scook@example.com' }]);
  });

  it('sends the uses of a burst in one batched request', async () => {
    const { flushUses } = await import('../../commands/recents-sync');
    const { rememberUser } = await import('../../commands/recents');
    const server = new FakeApi();
    server.delay = 0;
    server.install();
    await flushUses(); // what earlier tests left waiting
    server.requests.splice(0);
    rememberCommand('user.suspend', now);
    rememberCommand('user.suspend', now);
    rememberUser({ id: 9, name: 'Sam Cook', email: 'scook@example.com' });
    await flushUses();
    const sent = server.requests.filter((seen) => seen.path === '/admin/palette/uses');
    expect(sent.map((seen) => seen.body)).toEqual([
      { uses: [{ key: 'user.suspend' }, { key: 'user:9', label: { name: 'Sam Cook', email: 'scook@example.com' } }] },
    ]);
    vi.unstubAllGlobals();
  });
});
