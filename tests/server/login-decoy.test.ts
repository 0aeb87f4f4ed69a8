import { expect, it, vi } from 'vitest';
import * as passwords from '../../server/auth/passwords';
import { describeEachBackend } from './support/backends';
import { useTestApi } from './support/test-api';

// Call-through spy: the real scrypt runs; the test counts what it is asked to verify.
vi.mock('../../server/auth/passwords', async (original) => {
  const real = await original<typeof import('../../server/auth/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

describeEachBackend('login timing', (backend) => {
  const t = useTestApi(backend);

  it('does the same scrypt work for an unknown e-mail (against the decoy hash) as for a wrong password', async () => {
    const { api } = t;
    const verify = vi.mocked(passwords.verifyPassword);
    const decoy = await passwords.decoyHash;
    verify.mockClear();
    const unknown = await api.anonymous.post(
      api.auth.login,
      {},
      { email: 'ghost@test.example', password: 'nope-nope' },
    );
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[1]).toBe(decoy);

    verify.mockClear();
    const wrong = await api.anonymous.post(
      api.auth.login,
      {},
      { email: api.staff.MARKETER_PLUS.email, password: 'nope-nope' },
    );
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[1]).not.toBe(decoy);

    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(unknown.json).toEqual(wrong.json);
  });
});
