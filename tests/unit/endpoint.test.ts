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

  it('reads numeric ids from the path and refuses anything else', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) expect(idParam.safeParse(bad).success).toBe(false);
  });
});
