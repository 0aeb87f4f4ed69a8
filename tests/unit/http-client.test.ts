import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../../domain/api';
import { defineArea, idParam, post } from '../../domain/endpoint';
import { ApiError, nameFailuresOf } from '../../src/http/api-error';
import { call } from '../../src/http/call';
import { clearSession, isLoggedIn, session } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { setXsrfCookie } from './support/cookies';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

const money = defineArea('test', {
  charge: post('users/:user_id/actions/charge', {
    summary: 'A money-moving call for the test',
    permission: 'refund',
    params: z.object({ user_id: idParam }),
    money: true,
    answer: z.object({ ok: z.boolean() }),
  }),
});

let server: FakeApi;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

function toastTitles(): string[] {
  return toastState.toasts.map((shown) => shown.title);
}

beforeEach(() => {
  clearSession();
  toastState.toasts.splice(0);
  history.replaceState(null, '', '/users/last-viewed');
  setXsrfCookie(null);
  server = new FakeApi();
  server.install();
  signedInAs('SUPPORT_MASTER');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('call: expired access token', () => {
  it('refreshes once for five concurrent requests and retries each with the new token', async () => {
    server.validAccess.delete('access-1');
    server.expiredAccess.add('access-1');
    const answers = await Promise.all([1, 2, 3, 4, 5].map((id) => call(api.users.get, { params: { user_id: id } })));
    expect(server.refreshCalls()).toBe(1);
    expect(answers.map((answer) => (answer as unknown as { token: string }).token)).toEqual(Array(5).fill('access-2'));
    const retried = server.requests.filter((seen) => seen.path.startsWith('/admin/users/'));
    expect(retried).toHaveLength(10);
    expect(session.accessToken).toBe('access-2');
    expect(session.refreshToken).toBe('refresh-2');
    expect(toastTitles()).toEqual([]);
  });

  it('sends the refresh token as bearer to refresh', async () => {
    server.validAccess.delete('access-1');
    server.expiredAccess.add('access-1');
    await call(api.users.get, { params: { user_id: 1 } });
    const refresh = server.requests.find((seen) => seen.path === '/admin/auth/refresh');
    expect(refresh?.headers.get('authorization')).toBe('Bearer refresh-1');
  });

  it('does not refresh twice when the retried request finds its token expired again', async () => {
    server.validAccess.delete('access-1');
    server.expiredAccess.add('access-1');
    server.on('GET', '/admin/users/1', () => ({ status: 401, body: { detail: 'Signature has expired' } }));
    const error = await failure(call(api.users.get, { params: { user_id: 1 } }));
    expect(server.refreshCalls()).toBe(1);
    expect(server.requests.filter((seen) => seen.path === '/admin/users/1')).toHaveLength(2);
    expect(error.status).toBe(401);
    expect(error.detail).toBe('Signature has expired');
  });

  it('ends the session and goes to /login when the refresh fails', async () => {
    server.validAccess.delete('access-1');
    server.expiredAccess.add('access-1');
    server.refreshFails = true;
    const errors = await Promise.all([1, 2, 3].map((id) => failure(call(api.users.get, { params: { user_id: id } }))));
    expect(server.refreshCalls()).toBe(1);
    expect(errors.map((error) => error.code)).toEqual(['session_ended', 'session_ended', 'session_ended']);
    expect(isLoggedIn()).toBe(false);
    expect(session.userRole).toBeNull();
    expect(location.pathname).toBe('/login');
    expect(toastTitles()).toEqual([]);
  });

  it('refreshes first when only the refresh token is held', async () => {
    session.accessToken = null;
    const answer = (await call(api.users.get, { params: { user_id: 3 } })) as unknown as { token: string };
    expect(server.refreshCalls()).toBe(1);
    expect(answer.token).toBe('access-2');
  });
});

describe('call: a refused call (403 forbidden)', () => {
  it('asks the server for the role it has now (a refresh), at most every 5 s: the console follows a demotion', async () => {
    server.on('GET', '/admin/users/1', () => ({
      status: 403,
      body: { detail: 'Your role may not do this', code: 'forbidden' },
    }));
    server.role = 'SUPPORT_PL1';
    // The last check is module state, and the unit files share their modules: another file's refused call may have
    // checked within 5 s. The clock is moved a minute past any of them (only Date: waitFor's timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    await failure(call(api.users.get, { params: { user_id: 1 } }, { silent: true }));
    await vi.waitFor(() => expect(session.userRole).toBe('SUPPORT_PL1'));
    expect(server.refreshCalls()).toBe(1);
    await failure(call(api.users.get, { params: { user_id: 1 } }, { silent: true }));
    expect(server.refreshCalls()).toBe(1);
  });
});

describe('call: failures', () => {
  it('toasts Server error with error.message before detail', async () => {
    server.on('GET', '/admin/users/9', () => ({
      status: 500,
      body: { error: { message: 'From error' }, detail: 'From detail' },
    }));
    const error = await failure(call(api.users.get, { params: { user_id: 9 } }));
    expect(error.message).toBe('From error');
    expect(toastState.toasts[0]).toMatchObject({ title: 'Server error', message: 'From error', type: 'negative' });
  });

  it.each([
    [403, 'forbidden', 'Not allowed'],
    [404, 'customer_not_found', 'Not found'],
    [409, 'stale_version', 'Conflict: changed by someone else'],
    [409, 'already_suspended', 'Conflict'],
    [429, 'too_many_attempts', 'Too many attempts'],
    [503, 'payment_provider_unavailable', 'Server error'],
  ])('titles a %i %s by what happened: %s', async (status, code, title) => {
    server.on('GET', '/admin/users/9', () => ({ status, body: { detail: 'What the server said', code } }));
    const error = await failure(call(api.users.get, { params: { user_id: 9 } }));
    expect(error.title).toBe(title);
    expect(toastState.toasts.map((shown) => [shown.title, shown.message])).toEqual([[title, 'What the server said']]);
  });

  it('names the action a signal was named for, except where the refusal says more (permission, conflict)', async () => {
    const signal = new AbortController().signal;
    nameFailuresOf(signal, 'Give credit failed');
    const answers = [
      { status: 400, body: { detail: 'amount: must be positive', code: 'validation_failed', field: 'amount' } },
      { status: 403, body: { detail: 'Your role may give at most $50.00', code: 'credit_cap_exceeded' } },
      { status: 500, body: {} },
    ];
    server.on('GET', '/admin/users/9', () => answers.shift() ?? { status: 500, body: {} });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await failure(call(api.users.get, { params: { user_id: 9 } }, { signal }));
    }
    expect(toastTitles()).toEqual(['Give credit failed', 'Not allowed', 'Server error']);
  });

  it('uses detail when error.message is not a string', async () => {
    server.on('GET', '/admin/users/9', () => ({
      status: 404,
      body: { error: { message: 42 }, detail: 'No customer with this id', code: 'customer_not_found' },
    }));
    const error = await failure(call(api.users.get, { params: { user_id: 9 } }));
    expect(error).toMatchObject({ status: 404, code: 'customer_not_found', message: 'No customer with this id' });
    expect(toastState.toasts[0]?.message).toBe('No customer with this id');
  });

  it('falls back to the default message', async () => {
    server.on('GET', '/admin/users/9', () => ({ status: 500, body: { detail: ['not', 'a', 'string'] } }));
    const error = await failure(call(api.users.get, { params: { user_id: 9 } }));
    expect(error.message).toBe('Server Error - Contact Support');
    expect(toastState.toasts[0]?.message).toBe('Server Error - Contact Support');
  });

  it('carries the invalid field of a validation failure', async () => {
    server.on('POST', '/admin/users/5/actions/suspend', () => ({
      status: 400,
      body: { detail: 'reason: choose one of the listed reasons', code: 'validation_failed', field: 'reason' },
    }));
    const error = await failure(call(api.users.suspend, { params: { user_id: 5 }, body: { reason: 'OTHER' } }));
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', field: 'reason' });
  });

  it('shows the error toast for 2.5 seconds', async () => {
    vi.useFakeTimers();
    server.delay = 0;
    server.on('GET', '/admin/users/9', () => ({ status: 500, body: { detail: 'Broken' } }));
    await failure(call(api.users.get, { params: { user_id: 9 } }));
    expect(toastTitles()).toEqual(['Server error']);
    vi.advanceTimersByTime(2499);
    expect(toastTitles()).toEqual(['Server error']);
    vi.advanceTimersByTime(1);
    expect(toastTitles()).toEqual([]);
  });

  it('shows no toast when silent', async () => {
    server.on('GET', '/admin/users/9', () => ({ status: 409, body: { detail: 'Conflict' } }));
    const error = await failure(call(api.users.get, { params: { user_id: 9 } }, { silent: true }));
    expect(error.message).toBe('Conflict');
    expect(toastTitles()).toEqual([]);
  });

  it('rejects a cancelled request with cancel_request and no toast', async () => {
    const controller = new AbortController();
    const pending = failure(call(api.users.get, { params: { user_id: 1 } }, { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ title: 'Cancel request', code: 'cancel_request' });
    expect(toastTitles()).toEqual([]);
  });

  it('ends the session when the server says it is gone', async () => {
    server.on('GET', '/admin/users/1', () => ({
      status: 401,
      body: { detail: 'This session has ended; sign in again', code: 'session_revoked' },
    }));
    await failure(call(api.users.get, { params: { user_id: 1 } }));
    expect(isLoggedIn()).toBe(false);
    expect(location.pathname).toBe('/login');
  });
});

describe('call: headers', () => {
  it('sends the access token as bearer and no cross-site token on reads', async () => {
    setXsrfCookie('xsrf-value');
    await call(api.users.get, { params: { user_id: 1 } });
    const seen = server.requests[0];
    expect(seen?.path).toBe('/admin/users/1');
    expect(seen?.headers.get('authorization')).toBe('Bearer access-1');
    expect(seen?.headers.get('x-xsrf-token')).toBeNull();
  });

  it('sends a traceparent of its own on every call, so the server traces the click (docs/operating.md)', async () => {
    await call(api.users.get, { params: { user_id: 1 } });
    await call(api.users.get, { params: { user_id: 1 } });
    const [first, second] = server.requests.map((request) => request.headers.get('traceparent'));
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second?.slice(3, 35)).not.toBe(first?.slice(3, 35));
  });

  it('echoes the XSRF-TOKEN cookie on mutations, with a JSON body', async () => {
    setXsrfCookie('xsrf%20value');
    await call(api.users.suspend, { params: { user_id: 5 }, body: { reason: 'FRAUD', description: 'x' } });
    const seen = server.requests[0];
    expect(seen?.method).toBe('POST');
    expect(seen?.headers.get('x-xsrf-token')).toBe('xsrf value');
    expect(seen?.headers.get('content-type')).toContain('application/json');
    expect(seen?.body).toEqual({ reason: 'FRAUD', description: 'x' });
  });

  it('requires an idempotency key on money calls and sends it', async () => {
    await expect(call(money.charge, { params: { user_id: 5 } })).rejects.toThrow(/idempotencyKey/);
    expect(server.requests).toHaveLength(0);
    await call(money.charge, { params: { user_id: 5 } }, { idempotencyKey: 'key-1' });
    expect(server.requests[0]?.headers.get('idempotency-key')).toBe('key-1');
  });

  it('sends no idempotency key on other calls', async () => {
    await call(api.users.unsuspend, { params: { user_id: 5 } }, { idempotencyKey: 'ignored' });
    expect(server.requests[0]?.headers.get('idempotency-key')).toBeNull();
    expect(server.requests[0]?.body).toBeUndefined();
  });

  it('sends no bearer to login, and the refresh token to logout', async () => {
    await call(api.auth.login, { body: { email: 'a@example.com', password: 'x' } });
    await call(api.auth.logout);
    const [login, logout] = server.requests;
    expect(login?.headers.get('authorization')).toBeNull();
    expect(logout?.headers.get('authorization')).toBe('Bearer refresh-1');
  });
});
