import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../domain/api';
import { defineArea, get, idParam, isMutation, pathOf, permissionsOfCall, post } from '../../domain/endpoint';

describe('the call catalogue', () => {
  it('names each call area.key', () => {
    expect(api.users.suspend.id).toBe('users.suspend');
    expect(api.auth.login.id).toBe('auth.login');
  });

  it('fills a path’s placeholders, encoded, and refuses a missing one', () => {
    expect(pathOf(api.users.suspend, { user_id: 42 })).toBe('users/42/actions/suspend');
    expect(pathOf(api.users.search, { query: 'jo@x.com/a b' })).toBe('users/search/jo%40x.com%2Fa%20b');
    expect(() => pathOf(api.users.get, {})).toThrow(/user_id/);
  });

  it('refuses a params schema that does not match the path’s placeholders', () => {
    expect(() =>
      defineArea('broken', {
        call: get('things/:thing_id', { summary: 'x', permission: 'user_details_read', answer: z.object({}) }),
      }),
    ).toThrow(/placeholders/);
    expect(() =>
      post('things/:thing_id', {
        summary: 'x',
        permission: 'user_details_read',
        params: z.object({ other: idParam }),
        answer: z.object({}),
      }),
    ).toThrow(/thing_id/);
  });

  it('tells mutations and permissions apart', () => {
    expect(isMutation(api.users.get)).toBe(false);
    expect(isMutation(api.users.suspend)).toBe(true);
    expect(permissionsOfCall(api.users.suspend)).toEqual(['user_suspension']);
    expect(permissionsOfCall(api.auth.login)).toEqual([]);
  });

  it('reads ids in canonical decimal only, as text or JSON numbers, and refuses every other spelling', () => {
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.parse(42)).toBe(42);
    expect(idParam.parse('2147483647')).toBe(2_147_483_647);
    const spellings = ['042', '+42', '42.0', '0x2a', ' 42', '42 ', '4.2e1', '４２', '', '-42', '2147483648'];
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999', ...spellings, 0, 1.5, -3, null, true]) {
      expect(idParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
