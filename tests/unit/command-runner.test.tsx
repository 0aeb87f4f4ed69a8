import { act, cleanup, render, screen } from '@testing-library/react';
import { mutate, SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelRun,
  chooseTarget,
  confirmRun,
  runCommand,
  runner,
  setValue,
  stepBack,
  submitForm,
} from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { api } from '../../domain/api';
import type { CustomerRow } from '../../domain/users';
import { swrConfig, useCall } from '../../src/http';
import { clearSession } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;
let jane: CustomerRow;

function suspendRequests() {
  return server.requests.filter((seen) => seen.method === 'POST' && seen.path.endsWith('/actions/suspend'));
}

function toastTitles(): string[] {
  return toastState.toasts.map((shown) => shown.title);
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  toastState.toasts.splice(0);
  jane = customerRow();
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(jane) }));
  server.on('POST', '/admin/users/42/actions/suspend', () => {
    jane = customerRow({ status: 'SUSPENDED', suspend_reason: 'FRAUD' });
    return { status: 200, body: { user: jane } };
  });
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

function JaneStatus() {
  const { data } = useCall(api.users.get, { params: { user_id: 42 } });
  return <p>{data ? data.users[0]?.status : 'loading'}</p>;
}

describe('runCommand: who may run what', () => {
  it('refuses a command the role lacks the permission for, with a toast, and opens nothing', async () => {
    signedInAs('SUPPORT_PL1');
    const outcome = await runCommand('user.suspend', { target: userTarget(jane) });
    expect(outcome.opened).toBe(false);
    expect(runner.run).toBeNull();
    expect(toastTitles()).toContain('Cannot run this command');
  });

  it('refuses an unknown command', async () => {
    const outcome = await runCommand('user.explode');
    expect(outcome).toEqual({ opened: false, reason: 'There is no command “user.explode”.' });
  });

  it('offers suspend only for active customers and unsuspend only for suspended ones', async () => {
    const suspended = userTarget(customerRow({ status: 'SUSPENDED' }));
    expect((await runCommand('user.suspend', { target: suspended })).opened).toBe(false);
    expect((await runCommand('user.unsuspend', { target: suspended })).opened).toBe(true);
    cancelRun();
    expect((await runCommand('user.unsuspend', { target: userTarget(jane) })).opened).toBe(false);
  });

  it('follows the server: an action it disabled is refused with its reason', async () => {
    const row = customerRow({
      quick_actions: [
        {
          name: 'SUSPEND_USER',
          is_disabled: true,
          disable_message: 'Only admins, PL2 agents and support masters may suspend customers',
        },
      ],
    });
    const outcome = await runCommand('user.suspend', { target: userTarget(row) });
    expect(outcome).toEqual({
      opened: false,
      reason: 'Only admins, PL2 agents and support masters may suspend customers',
    });
  });

  it('fetches the row of a target known only by id before deciding', async () => {
    const outcome = await runCommand('user.suspend', { target: { kind: 'user', id: 42, name: 'Customer #42' } });
    expect(outcome.opened).toBe(true);
    expect(runner.run?.target?.name).toBe('Jane Doe');
  });

  it('asks for a customer when none is given', async () => {
    await runCommand('user.suspend');
    expect(runner.run?.step).toBe('target');
    await chooseTarget(userTarget(jane));
    expect(runner.run?.step).toBe('form');
  });
});

describe('the parameter form', () => {
  it('validates with the domain schema and shows errors per field', async () => {
    await runCommand('user.suspend', { target: userTarget(jane) });
    await submitForm();
    expect(runner.run?.step).toBe('form');
    expect(runner.run?.errors.fields.reason).toBe('Choose one of the listed reasons');
    setValue('reason', 'FRAUD');
    expect(runner.run?.errors.fields.reason).toBeUndefined();
    setValue('description', 'x'.repeat(1001));
    await submitForm();
    expect(runner.run?.errors.fields.description).toBe('Must be at most 1000 characters');
    expect(suspendRequests()).toHaveLength(0);
  });

  it('asks for confirmation before a destructive command, and only then calls the server', async () => {
    await runCommand('user.suspend', { target: userTarget(jane) });
    setValue('reason', 'FRAUD');
    setValue('description', 'Card testing');
    await submitForm();
    expect(runner.run?.step).toBe('confirm');
    expect(suspendRequests()).toHaveLength(0);
    await act(() => confirmRun());
    expect(suspendRequests()).toHaveLength(1);
    expect(suspendRequests()[0]?.body).toEqual({ reason: 'FRAUD', description: 'Card testing' });
  });

  it('keeps one idempotency key per opened form, across resubmits, and makes a new one for a new form', async () => {
    const sent: unknown[] = [];
    let failures = 1;
    server.on('POST', '/admin/users/42/actions/suspend', (request) => {
      sent.push(request.body);
      if (failures-- > 0) return { status: 500, body: { detail: 'Database unavailable', code: 'internal' } };
      return { status: 200, body: { user: customerRow({ status: 'SUSPENDED' }) } };
    });
    await runCommand('user.suspend', { target: userTarget(jane) });
    const first = runner.run?.idempotencyKey;
    setValue('reason', 'FRAUD');
    await submitForm();
    await act(() => confirmRun());
    expect(runner.run?.errors.form).toBe('Database unavailable');
    expect(runner.run?.idempotencyKey).toBe(first);
    stepBack();
    await submitForm();
    expect(runner.run?.idempotencyKey).toBe(first);
    cancelRun();
    await runCommand('user.suspend', { target: userTarget(jane) });
    expect(runner.run?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(runner.run?.idempotencyKey).not.toBe(first);
  });

  it('starts a new key after an answer that is final (4xx), and keeps it while the first is still running (409 in progress)', async () => {
    const answers = [
      { status: 409, body: { detail: 'The same request is still being processed', code: 'idempotency_in_progress' } },
      { status: 402, body: { detail: 'The card was declined: card expired', code: 'payment_declined' } },
      { status: 200, body: { user: customerRow({ status: 'SUSPENDED' }) } },
    ];
    const keys: string[] = [];
    server.on('POST', '/admin/users/42/actions/suspend', () => {
      keys.push(runner.run?.idempotencyKey ?? ''); // suspend is not a money call: the key is the run's
      return answers.shift() ?? { status: 500, body: {} };
    });
    await runCommand('user.suspend', { target: userTarget(jane) });
    setValue('reason', 'FRAUD');
    await submitForm();
    const first = runner.run?.idempotencyKey;
    await act(() => confirmRun());
    expect(runner.run?.idempotencyKey).toBe(first);
    await act(() => confirmRun());
    expect(runner.run?.errors.form).toBe('The card was declined: card expired');
    const second = runner.run?.idempotencyKey;
    expect(second).not.toBe(first);
    await act(() => confirmRun());
    expect(runner.run).toBeNull();
    expect(keys).toEqual([first, first, second]);
  });

  it('puts a server field error under its field and goes back to the form', async () => {
    server.on('POST', '/admin/users/42/actions/suspend', () => ({
      status: 400,
      body: { detail: 'description: is not allowed here', code: 'validation_failed', field: 'description' },
    }));
    await runCommand('user.suspend', { target: userTarget(jane) });
    setValue('reason', 'OTHER');
    await submitForm();
    await act(() => confirmRun());
    expect(runner.run?.step).toBe('form');
    expect(runner.run?.errors.fields.description).toBe('Is not allowed here');
    // One place per error: under the field, not toasted as well.
    expect(toastState.toasts).toEqual([]);
  });

  it('says on the form why a run was refused, titled by what happened where that says more; no toast', async () => {
    const answers = [
      { status: 409, body: { detail: 'This customer is already suspended', code: 'already_suspended' } },
      { status: 403, body: { detail: 'Insufficient permissions', code: 'forbidden' } },
      { status: 409, body: { detail: 'Someone else changed this record', code: 'stale_version' } },
      { status: 500, body: {} },
    ];
    server.on('POST', '/admin/users/42/actions/suspend', () => answers.shift() ?? { status: 500, body: {} });
    await runCommand('user.suspend', { target: userTarget(jane) });
    setValue('reason', 'OTHER');
    await submitForm();
    const shown: (string | null | undefined)[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await act(() => confirmRun());
      shown.push(runner.run?.errors.form);
    }
    expect(shown).toEqual([
      'This customer is already suspended',
      'Not allowed — Insufficient permissions',
      'Conflict: changed by someone else — Someone else changed this record',
      'Server Error - Contact Support',
    ]);
    expect(toastState.toasts).toEqual([]);
  });

  it('steps back one page at a time and closes from the first', async () => {
    await runCommand('user.suspend', { origin: 'button' });
    await chooseTarget(userTarget(jane));
    setValue('reason', 'FRAUD');
    await submitForm();
    expect(runner.run?.step).toBe('confirm');
    stepBack();
    expect(runner.run?.step).toBe('form');
    stepBack();
    expect(runner.run?.step).toBe('target');
    stepBack();
    expect(runner.run).toBeNull();
  });
});

describe('after success', () => {
  it('toasts, closes, and revalidates what the command changed', async () => {
    render(
      <SWRConfig value={swrConfig}>
        <JaneStatus />
      </SWRConfig>,
    );
    expect(await screen.findByText('ACTIVE')).toBeTruthy();
    await runCommand('user.suspend', { target: userTarget(jane) });
    setValue('reason', 'FRAUD');
    await submitForm();
    await act(() => confirmRun());
    expect(runner.run).toBeNull();
    expect(toastTitles()).toContain('Jane Doe is suspended');
    expect(await screen.findByText('SUSPENDED')).toBeTruthy();
  });

  it('refreshes what the command shows also when a declined card changed something, and keeps the form open', async () => {
    // Its own customer (43): another test's fetch of 42 is still within SWR's dedupe window.
    let joe = customerRow({ id: 43, first_name: 'Joe', last_name: 'Bloggs' });
    server.on('GET', '/admin/users/43', () => ({ status: 200, body: usersAnswer(joe) }));
    server.on('POST', '/admin/users/43/actions/suspend', () => {
      // The server kept its record of the attempt (here: the row changed) and answered the decline.
      joe = customerRow({ id: 43, first_name: 'Joe', last_name: 'Bloggs', status: 'SUSPENDED' });
      return {
        status: 402,
        body: { detail: 'The card was declined: incorrect card number', code: 'payment_declined' },
      };
    });
    function JoeStatus() {
      const { data } = useCall(api.users.get, { params: { user_id: 43 } });
      return <p>{data ? `Joe is ${data.users[0]?.status}` : 'loading'}</p>;
    }
    render(
      <SWRConfig value={swrConfig}>
        <JoeStatus />
      </SWRConfig>,
    );
    expect(await screen.findByText('Joe is ACTIVE')).toBeTruthy();
    await runCommand('user.suspend', { target: userTarget(joe) });
    setValue('reason', 'FRAUD');
    await submitForm();
    await act(() => confirmRun());
    expect(runner.run?.errors.form).toBe('The card was declined: incorrect card number');
    expect(await screen.findByText('Joe is SUSPENDED')).toBeTruthy();
  });

  it('runs a command without a form only from its review step', async () => {
    const unsuspended: unknown[] = [];
    jane = customerRow({ status: 'SUSPENDED' });
    server.on('POST', '/admin/users/42/actions/unsuspend', (request) => {
      unsuspended.push(request.body);
      return { status: 200, body: { user: customerRow() } };
    });
    await runCommand('user.unsuspend', { target: userTarget(jane) });
    expect(runner.run?.step).toBe('confirm');
    expect(unsuspended).toHaveLength(0);
    await act(() => confirmRun());
    expect(unsuspended).toHaveLength(1);
    expect(toastTitles()).toContain('Jane Doe is active again');
  });
});
