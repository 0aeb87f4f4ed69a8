import { describe, expect, it } from 'vitest';
import { can } from '../../domain/permissions';
import { type Role, roles } from '../../domain/roles';
import { decideNavigation, loginPath, matchesRule, safeNext } from '../../src/routing/guard';

function as(role: Role | null, path: string, search = '') {
  return decideNavigation({ path, search }, { loggedIn: true, role });
}

describe('decideNavigation', () => {
  it('sends a visitor who is not signed in to login, remembering the page', () => {
    expect(
      decideNavigation({ path: '/users/42/credits', search: '?run=user.give-credit' }, { loggedIn: false, role: null }),
    ).toEqual({
      kind: 'redirect',
      to: `/login?next=${encodeURIComponent('/users/42/credits?run=user.give-credit')}`,
    });
    expect(decideNavigation({ path: '/' }, { loggedIn: false, role: null })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('lets anyone reach the login page', () => {
    expect(decideNavigation({ path: '/login' }, { loggedIn: false, role: null })).toEqual({ kind: 'allow' });
  });

  it('logs out a signed-in session without a role', () => {
    expect(as(null, '/users/last-viewed')).toEqual({ kind: 'logout' });
  });

  it.each(roles)('lets %s into the users pages', (role) => {
    expect(as(role, '/users/last-viewed')).toEqual({ kind: 'allow' });
    expect(as(role, '/users/42/general')).toEqual({ kind: 'allow' });
    expect(as(role, '/users/search')).toEqual({ kind: 'allow' });
  });

  it.each(roles)('sends %s from all-users to Users, saying why, unless it holds see_all_users', (role) => {
    const expected = can(role, 'see_all_users')
      ? { kind: 'allow' }
      : {
          kind: 'redirect',
          to: '/users/last-viewed',
          reason: 'Only admins, support masters, marketers and partner managers may open All users',
        };
    expect(as(role, '/users/all-users')).toEqual(expected);
  });

  it.each(roles)('sends %s from models and model details to Users, saying why, unless it holds see_models', (role) => {
    const expected = can(role, 'see_models')
      ? { kind: 'allow' }
      : {
          kind: 'redirect',
          to: '/users/last-viewed',
          reason: 'Only admins, support agents and partner managers may open Models',
        };
    expect(as(role, '/models')).toEqual(expected);
    expect(as(role, '/models/12')).toEqual(expected);
  });

  it('keeps a support agent out of the operations center and partner management, naming who may open them', () => {
    expect(as('SUPPORT_PL1', '/operations-center/banners')).toEqual({
      kind: 'redirect',
      to: '/users/last-viewed',
      reason: 'Only admins, marketers and partner managers may open Operations center',
    });
    expect(as('SUPPORT_PL1', '/partners-management')).toEqual({
      kind: 'redirect',
      to: '/users/last-viewed',
      reason: 'Only admins, support masters, marketers and partner managers may open Partners',
    });
    expect(as('MARKETER_PLUS', '/operations-center/banners')).toEqual({ kind: 'allow' });
  });

  it('sends a role from a tab it may not open to the area, naming the tab', () => {
    expect(as('MARKETER_PLUS', '/partners-management/bundles')).toEqual({
      kind: 'redirect',
      to: '/partners-management',
      reason: 'Only admins and partner managers may open Bundles',
    });
    expect(as('PARTNERS_MANAGER', '/partners-management/bundles')).toEqual({ kind: 'allow' });
  });
});

describe('matchesRule', () => {
  it('matches exactly, or the path and below with /*', () => {
    expect(matchesRule('/users/all-users', '/users/all-users/')).toBe(true);
    expect(matchesRule('/users/all-users', '/users/all-users-x')).toBe(false);
    expect(matchesRule('/models/*', '/models')).toBe(true);
    expect(matchesRule('/models/*', '/models/3')).toBe(true);
    expect(matchesRule('/models/*', '/modelsx')).toBe(false);
  });
});

describe('login redirects', () => {
  it('only follows paths of this console', () => {
    expect(safeNext('/users/42/general?tab=1')).toBe('/users/42/general?tab=1');
    expect(safeNext(null)).toBe('/users/last-viewed');
    expect(safeNext('https://evil.example/')).toBe('/users/last-viewed');
    expect(safeNext('//evil.example/')).toBe('/users/last-viewed');
    expect(safeNext('/\\evil.example/')).toBe('/users/last-viewed');
    expect(safeNext('/\t/evil.example/')).toBe('/users/last-viewed');
    expect(safeNext('javascript:alert(1)')).toBe('/users/last-viewed');
    expect(safeNext('/login?next=/x')).toBe('/users/last-viewed');
  });

  it('builds the login path with next', () => {
    expect(loginPath('/models/1')).toBe('/login?next=%2Fmodels%2F1');
    expect(loginPath('/')).toBe('/login');
  });
});
