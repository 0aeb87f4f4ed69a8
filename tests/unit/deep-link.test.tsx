import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseDeepLink, withoutParams } from '../../commands/deep-link';
import { cancelRun, runner } from '../../commands/runner';
import { clearSession } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { closePalette, Palette } from '../../views/palette/Palette';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt as renderPageAt } from './support/render';
import { signedInAs } from './support/session';

const renderAt = (url: string) => renderPageAt(url, <Palette />);

let server: FakeApi;

function mutations() {
  return server.requests.filter((seen) => seen.method !== 'GET');
}

beforeEach(() => {
  cancelRun();
  closePalette();
  clearSession();
  signedInAs('ADMIN');
  toastState.toasts.splice(0);
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('GET', '/admin/users/7', () => ({
    status: 200,
    body: usersAnswer(customerRow({ id: 7, first_name: 'Sam' })),
  }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  closePalette();
  vi.unstubAllGlobals();
});

describe('parseDeepLink', () => {
  it('reads the command, its fields and the customer, and leaves other parameters alone', () => {
    expect(parseDeepLink('?run=user.suspend&reason=FRAUD&description=Card%20testing&user_id=42&q=x')).toEqual({
      kind: 'command',
      id: 'user.suspend',
      prefill: { reason: 'FRAUD', description: 'Card testing' },
      userId: 42,
      consumed: ['run', 'reason', 'description', 'user_id'],
    });
    expect(withoutParams('?run=user.suspend&reason=FRAUD&q=x', ['run', 'reason'])).toBe('?q=x');
  });

  it('tells an unknown command apart from no link at all', () => {
    expect(parseDeepLink('?q=jane')).toEqual({ kind: 'none' });
    expect(parseDeepLink('?run=user.explode')).toEqual({ kind: 'unknown', id: 'user.explode', consumed: ['run'] });
  });

  it('treats user_id as a field for commands that ask for it, and ignores a malformed one', () => {
    expect(parseDeepLink('?run=user.open&user_id=9')).toMatchObject({ prefill: { user_id: '9' }, userId: undefined });
    expect(parseDeepLink('?run=user.suspend&user_id=abc')).toMatchObject({ userId: undefined });
  });
});

describe('deep links in the console', () => {
  it('opens the form prefilled for the customer of the page, and runs nothing by itself', async () => {
    renderAt('/users/42/general?run=user.suspend&reason=FRAUD&description=Card+testing');
    const reason = (await screen.findByLabelText('Reason')) as HTMLSelectElement;
    expect(reason.value).toBe('FRAUD');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Card testing');
    expect(runner.run?.target?.name).toBe('Jane Doe');
    expect(runner.run?.origin).toBe('deep-link');
    expect(mutations()).toHaveLength(0);
  });

  it('takes the customer from user_id elsewhere, and removes its parameters when the form closes', async () => {
    renderAt('/users/last-viewed?q=keep&run=user.suspend&user_id=7&reason=ABUSE');
    await screen.findByLabelText('Reason');
    expect(runner.run?.target?.name).toBe('Sam Doe');
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    });
    await waitFor(() => expect(location.search).toBe('?q=keep'));
    expect(location.pathname).toBe('/users/last-viewed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mutations()).toHaveLength(0);
  });

  it('says so when the command does not exist, opens nothing, and cleans the address', async () => {
    renderAt('/users/last-viewed?run=user.explode');
    await waitFor(() => expect(toastState.toasts.map((shown) => shown.title)).toContain('Unknown command'));
    expect(runner.run).toBeNull();
    await waitFor(() => expect(location.search).toBe(''));
  });

  it('refuses a command the role may not run', async () => {
    signedInAs('SUPPORT_PL1');
    renderAt('/users/42/general?run=user.suspend&reason=FRAUD');
    await waitFor(() =>
      expect(toastState.toasts.map((shown) => shown.message)).toContain(
        '“Suspend”: Only admins, PL2 agents and support masters may suspend customers.',
      ),
    );
    expect(runner.run).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(location.search).toBe(''));
  });
});
