import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, confirmRun, runCommand, runner, setValue, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { call, onUncertainOutcome, setMoneyTimeoutMs } from '../../src/http';
import { clearSession } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;
const creditPath = '/admin/users/42/actions/give_credit';
const given = {
  id: 4711,
  user_id: 42,
  date: '2026-11-28T12:03:00.000Z',
  amount: 15,
  reason: 'SURVEY',
  description: '',
};

function creditRequests() {
  return server.requests.filter((seen) => seen.method === 'POST' && seen.path === creditPath);
}

/** The fake network drops the first `drops` requests (no answer), then answers with `then`. */
function dropFirst(drops: number, then: () => { status: number; body: unknown }) {
  let seen = 0;
  server.on('POST', creditPath, () => {
    seen += 1;
    if (seen <= drops) throw new TypeError('Failed to fetch');
    return then();
  });
}

async function giveCredit(): Promise<void> {
  const quickActions = [{ name: 'GIVE_CREDIT', is_disabled: false, disable_message: null }];
  await runCommand('user.give-credit', { target: userTarget(customerRow({ quick_actions: quickActions })) });
  setValue('amount', '15');
  setValue('reason', 'SURVEY');
  await submitForm();
  await confirmRun();
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  toastState.toasts.splice(0);
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.install();
});

afterEach(() => {
  cancelRun();
  setMoneyTimeoutMs(15_000);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('call: a money call without an answer', () => {
  it('asks again with the same Idempotency-Key until the server answers, telling the listener each time', async () => {
    dropFirst(2, () => ({ status: 200, body: given }));
    const controller = new AbortController();
    const attempts: number[] = [];
    onUncertainOutcome(controller.signal, (attempt) => attempts.push(attempt));
    const answer = await call(
      api.userActions.giveCredit,
      { params: { user_id: 42 }, body: { amount: 15, reason: 'SURVEY', description: '' } },
      { idempotencyKey: 'key-1', signal: controller.signal },
    );
    expect(answer).toMatchObject({ id: 4711 });
    expect(attempts).toEqual([1, 2]);
    expect(creditRequests().map((seen) => seen.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-1']);
    expect(toastState.toasts).toEqual([]);
  });

  it('asks again after a timeout, and while the server says the first request still runs', async () => {
    setMoneyTimeoutMs(50);
    let seen = 0;
    server.on('POST', creditPath, async () => {
      seen += 1;
      if (seen === 1) await new Promise((resolve) => setTimeout(resolve, 200));
      if (seen === 2) return { status: 409, body: { detail: 'Still running', code: 'idempotency_in_progress' } };
      return { status: 200, body: given };
    });
    const answer = await call(
      api.userActions.giveCredit,
      { params: { user_id: 42 }, body: { amount: 15, reason: 'SURVEY', description: '' } },
      { idempotencyKey: 'key-2' },
    );
    expect(answer).toMatchObject({ id: 4711 });
    expect(creditRequests()).toHaveLength(3);
  });

  it('does not ask again a call that moves no money: it fails as No connection, never a server error', async () => {
    server.on('GET', '/admin/users/9', () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(api.users.get, { params: { user_id: 9 } })).rejects.toMatchObject({ code: 'network_error' });
    expect(toastState.toasts.map((shown) => [shown.title, shown.message])).toEqual([
      ['No connection', 'Loupe’s server could not be reached. Check the connection and try again.'],
    ]);
  });
});

describe('runner: a money command tells what happened', () => {
  it('says it is checking, then when and which row was given', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let seen = 0;
    server.on('POST', creditPath, async () => {
      seen += 1;
      if (seen === 1) throw new TypeError('Failed to fetch');
      await held;
      return { status: 200, body: given };
    });
    const running = giveCredit();
    await vi.waitFor(() => expect(runner.run?.checking).toBe('Checking whether the credit was given…'));
    release();
    await running;
    const at = new Date(given.date).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    expect(toastState.toasts.map((shown) => shown.message)).toEqual([`Given at ${at} (#4711)`]);
    expect(runner.run).toBeNull();
  });

  it('says nothing changed when the server, asked again, refuses it', async () => {
    dropFirst(1, () => ({
      status: 403,
      body: { detail: 'amount: you may give at most $50.00', code: 'credit_cap_exceeded', field: 'amount' },
    }));
    await giveCredit();
    expect(runner.run?.checking).toBeNull();
    expect(runner.run?.errors.form).toBe('Not given: nothing changed. You may give at most $50.00');
    expect(runner.run?.errors.fields.amount).toBe('You may give at most $50.00');
  });

  it('warns when closed before the outcome is known', async () => {
    server.on('POST', creditPath, () => {
      throw new TypeError('Failed to fetch');
    });
    const running = giveCredit();
    await vi.waitFor(() => expect(runner.run?.checking).not.toBeNull());
    cancelRun();
    await running;
    expect(toastState.toasts.map((shown) => [shown.title, shown.message])).toEqual([
      ['Outcome unknown', 'Stopped checking whether the credit was given: look before trying again.'],
    ]);
  });
});
