import { beforeEach, describe, expect, it } from 'vitest';
import { frecencies, frecencyAt, halfLifeMs, recents, reloadRecents, rememberCommand } from '../../commands/recents';
import { clearSession } from '../../src/session/store';
import { signedInAs } from './support/session';

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 24, 12);

beforeEach(() => {
  localStorage.clear();
  clearSession();
  signedInAs('ADMIN');
  reloadRecents();
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
