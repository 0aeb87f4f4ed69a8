import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { mutate, SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, confirmRun, runCommand, setValue, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { useUndoShortcut } from '../../commands/undo-shortcut';
import { api } from '../../domain/api';
import { auditIdHeader } from '../../domain/undo';
import type { CustomerRow } from '../../domain/users';
import { swrConfig, useCall } from '../../src/http';
import { clearSession } from '../../src/session/store';
import { Toaster } from '../../src/ui/Toaster';
import { toastState } from '../../src/ui/toast-store';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;
let jane: CustomerRow;
let auditIds = 4710;
// One customer per test: a fetch of the last one's would still be within SWR's dedupe window.
let customerId = 60;

function JaneStatus() {
  const { data } = useCall(api.users.get, { params: { user_id: customerId } });
  useUndoShortcut();
  return (
    <div>
      <p>{data ? data.users[0]?.status : 'loading'}</p>
      <input aria-label="Note" />
    </div>
  );
}

const undoCalls = () =>
  server.requests.filter((seen) => seen.method === 'POST' && seen.path.startsWith('/admin/undo/'));

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  toastState.toasts.splice(0);
  customerId += 1;
  jane = customerRow({ id: customerId });
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', `/admin/users/${customerId}`, () => ({ status: 200, body: usersAnswer(jane) }));
  server.on('POST', `/admin/users/${customerId}/actions/suspend`, () => {
    jane = customerRow({ id: customerId, status: 'SUSPENDED', suspend_reason: 'FRAUD' });
    auditIds += 1;
    return { status: 200, body: { user: jane }, headers: { [auditIdHeader]: String(auditIds) } };
  });
  server.on('POST', `/admin/users/${customerId}/actions/send_reset_password_email`, () => ({
    status: 200,
    body: { ok: true },
    headers: { [auditIdHeader]: '9999' },
  }));
  server.install();
  render(
    <SWRConfig value={swrConfig}>
      <Toaster />
      <JaneStatus />
    </SWRConfig>,
  );
  expect(await screen.findByText('ACTIVE')).toBeTruthy();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

/** Suspends Jane through the runner, as the palette would; answers the audit row the fake server gave. */
async function suspendJane(): Promise<number> {
  await runCommand('user.suspend', { target: userTarget(jane) });
  setValue('reason', 'FRAUD');
  await submitForm();
  await act(() => confirmRun());
  expect(await screen.findByText('SUSPENDED')).toBeTruthy();
  const id = auditIds;
  server.on('POST', `/admin/undo/${id}`, () => {
    jane = customerRow({ id: customerId, status: 'ACTIVE' });
    return { status: 200, body: { undone: id, call_id: 'users.suspend', text: 'Undid: suspend a customer' } };
  });
  return id;
}

describe('Undo in the success toast', () => {
  it('suspend → Undo: the undo call runs and the customer shows active again', async () => {
    const id = await suspendJane();
    const button = await screen.findByRole('button', { name: /Undo/ });
    expect(toastState.toasts.at(-1)?.timeout).toBe(10_000);
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('ACTIVE')).toBeTruthy();
    expect(undoCalls().map((seen) => seen.path)).toEqual([`/admin/undo/${id}`]);
    expect(toastState.toasts.map((shown) => shown.title)).toContain('Undone: Suspend');
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('Ctrl+Z undoes while the toast shows, but not from a text field', async () => {
    const id = await suspendJane();
    const field = screen.getByLabelText('Note');
    field.focus();
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(undoCalls()).toHaveLength(0);
    await act(async () => fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true }));
    expect(await screen.findByText('ACTIVE')).toBeTruthy();
    expect(undoCalls().map((seen) => seen.path)).toEqual([`/admin/undo/${id}`]);
    // The toast is gone with its offer: Ctrl+Z again does nothing.
    await act(async () => fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true }));
    expect(undoCalls()).toHaveLength(1);
  });

  it('shows the reason when the server refuses the undo', async () => {
    const id = await suspendJane();
    server.on('POST', `/admin/undo/${id}`, () => ({
      status: 409,
      body: { code: 'undo_stale', detail: 'Hana Kobayashi gave $10.00 of credit since; nothing was undone' },
    }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Undo/ })));
    await vi.waitFor(() =>
      expect(toastState.toasts.map((shown) => shown.message)).toContain(
        'Hana Kobayashi gave $10.00 of credit since; nothing was undone',
      ),
    );
    expect(screen.getByText('SUSPENDED')).toBeTruthy();
  });

  it('offers no Undo after a command that cannot be undone (an e-mail sent)', async () => {
    await runCommand('user.send-reset-password-email', { target: userTarget(jane) });
    await act(() => confirmRun());
    await vi.waitFor(() => expect(toastState.toasts.length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(toastState.toasts.every((shown) => shown.action === undefined)).toBe(true);
  });
});
