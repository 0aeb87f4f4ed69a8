import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, runner } from '../../commands/runner';
import type { CustomerRow } from '../../domain/users';
import { clearSession } from '../../src/session/store';
import { closePalette, Palette } from '../../views/palette/Palette';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

const renderPalette = (path: string) => renderAt(path, <Palette />);

let server: FakeApi;
let jane: CustomerRow;

function pressCtrlK(): void {
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'k', ctrlKey: true });
  });
}

function press(key: string): void {
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });
}

function paletteInput(): HTMLInputElement {
  return screen.getByPlaceholderText(/type a command/i) as HTMLInputElement;
}

/** What each listed item says (its label and detail, not its shortcut). */
function optionLabels(): string[] {
  return screen.queryAllByRole('option').map((option) => option.querySelector('span')?.textContent ?? '');
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  closePalette();
  clearSession();
  signedInAs('ADMIN');
  jane = customerRow();
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(jane) }));
  server.on('GET', '/admin/users/search/jane', () => ({ status: 200, body: usersAnswer(jane) }));
  server.on('GET', '/admin/palette/find', (request) => ({
    status: 200,
    body: { records: [], customers: new URLSearchParams(request.search).get('q') === 'jane' ? [jane] : [] },
  }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  closePalette();
  vi.unstubAllGlobals();
});

describe('Palette', () => {
  it('opens with Ctrl+K from anywhere, text inputs included, and lists the role’s commands', async () => {
    renderPalette('/users/last-viewed');
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    pressCtrlK();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(document.activeElement).toBe(paletteInput());
    expect(optionLabels()).toEqual(expect.arrayContaining(['Suspend', 'Users › All users']));
    outside.remove();
  });

  it('takes the keys typed between Ctrl+K and its first paint into its search, not the page under it', async () => {
    renderPalette('/users/last-viewed');
    const row = document.createElement('button');
    const reached: string[] = [];
    row.addEventListener('keydown', (event) => {
      if (!event.ctrlKey) reached.push(event.key);
    });
    document.body.append(row);
    row.focus();
    // No act(): React has not rendered the open palette yet when the next keys arrive, as on a busy machine.
    row.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }));
    for (const key of ['d', 'o', 'x', 'Backspace', 'w']) {
      row.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
    expect(reached).toEqual([]);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(paletteInput().value).toBe('dow'));
    row.remove();
  });

  it('hides what the role may not run', async () => {
    signedInAs('SUPPORT_PL1');
    renderPalette('/users/last-viewed');
    pressCtrlK();
    await screen.findByRole('dialog');
    const labels = optionLabels().join('|');
    expect(labels).not.toContain('Suspend');
    expect(labels).not.toContain('All users');
    expect(labels).toContain('Users › Search');
  });

  it('lists the open customer’s commands first, named for them', async () => {
    renderPalette('/users/42/general');
    await waitFor(() => expect(server.requests.some((seen) => seen.path === '/admin/users/42')).toBe(true));
    pressCtrlK();
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Suspend Jane Doe/));
    expect(optionLabels().join('|')).not.toContain('Unsuspend Jane Doe');
    expect(optionLabels()).toContain('Jane Doe › Payments');
  });

  it('shows a command the role may not run, found by its name, disabled; Enter only says why', async () => {
    signedInAs('MARKETER_PLUS');
    renderPalette('/users/42/general');
    await waitFor(() => expect(server.requests.some((seen) => seen.path === '/admin/users/42')).toBe(true));
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    expect(optionLabels().join('|')).not.toContain('Suspend');
    act(() => {
      fireEvent.change(paletteInput(), { target: { value: 'suspend' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Suspend Jane Doe/));
    expect(optionLabels()[0]).toContain('Only admins, PL2 agents and support masters may suspend customers');
    press('Enter');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Suspend Jane Doe: Only admins, PL2 agents and support masters may suspend customers.',
    );
    expect(runner.run).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(server.requests.some((seen) => seen.method === 'POST')).toBe(false);
  });

  it('ranks by match: typing narrows the list and a prefix match leads', async () => {
    renderPalette('/users/last-viewed');
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    act(() => {
      fireEvent.change(paletteInput(), { target: { value: 'partn' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toBe('Partners › Partners'));
    expect(optionLabels().every((label) => label.toLowerCase().includes('partn'))).toBe(true);
  });

  it('finds a customer by part of the e-mail and opens their page on Enter', async () => {
    renderPalette('/users/last-viewed');
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    act(() => {
      fireEvent.change(paletteInput(), { target: { value: 'jane' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Jane Doe/), { timeout: 2000 });
    press('Enter');
    await waitFor(() => expect(location.pathname).toBe('/users/42/general'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps back one page with Escape and closes from the root', async () => {
    renderPalette('/users/last-viewed');
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    act(() => {
      fireEvent.change(paletteInput(), { target: { value: 'open customer' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Open customer by name or id/));
    press('Enter');
    const idField = await screen.findByRole('combobox', { name: 'Customer' });
    await waitFor(() => expect(document.activeElement).toBe(idField));
    press('Escape');
    expect(await screen.findByPlaceholderText(/type a command/i)).toBeTruthy();
    expect(runner.run).toBeNull();
    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('suspends the open customer by keyboard: command, form, confirmation', async () => {
    const suspended: unknown[] = [];
    server.on('POST', '/admin/users/42/actions/suspend', (request) => {
      suspended.push(request.body);
      jane = customerRow({ status: 'SUSPENDED' });
      return { status: 200, body: { user: jane } };
    });
    renderPalette('/users/42/general');
    pressCtrlK();
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Suspend Jane Doe/));
    press('Enter');
    const reason = (await screen.findByLabelText('Reason')) as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(reason));
    act(() => {
      fireEvent.change(reason, { target: { value: 'FRAUD' } });
    });
    press('Enter');
    const confirm = await screen.findByRole('button', { name: /^Suspend Jane Doe/ });
    expect(document.activeElement).toBe(confirm);
    expect(suspended).toHaveLength(0);
    await act(async () => {
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(suspended).toEqual([{ reason: 'FRAUD', description: '' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts a command by its shortcut on the customer’s page, not while typing', async () => {
    renderPalette('/users/42/general');
    await waitFor(() => expect(server.requests.some((seen) => seen.path === '/admin/users/42')).toBe(true));
    const typing = document.createElement('input');
    document.body.append(typing);
    act(() => {
      fireEvent.keyDown(typing, { key: 'S', shiftKey: true });
    });
    expect(runner.run).toBeNull();
    typing.remove();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'S', shiftKey: true });
    });
    expect(await screen.findByLabelText('Reason')).toBeTruthy();
    expect(runner.run?.target?.id).toBe(42);
    expect(runner.run?.origin).toBe('shortcut');
  });

  it('asks for a customer when a user command starts off a customer page; Backspace on the empty search goes back', async () => {
    renderPalette('/users/last-viewed');
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    act(() => {
      fireEvent.change(paletteInput(), { target: { value: 'suspend' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toBe('Suspend'));
    press('Enter');
    const search = await screen.findByPlaceholderText(/name, e-mail or id/i);
    expect(screen.getByText('Choose a customer')).toBeTruthy();
    act(() => {
      fireEvent.change(search, { target: { value: 'jane' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Jane Doe/), { timeout: 2000 });
    act(() => {
      fireEvent.change(search, { target: { value: '' } });
    });
    press('Backspace');
    expect(await screen.findByPlaceholderText(/type a command/i)).toBeTruthy();
    expect(runner.run).toBeNull();
  });

  it('keeps recents per staff member, away from the session under auth', async () => {
    renderPalette('/users/last-viewed');
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    act(() => {
      fireEvent.change(paletteInput(), { target: { value: 'jane' } });
    });
    await waitFor(() => expect(optionLabels()[0]).toMatch(/^Jane Doe/), { timeout: 2000 });
    press('Enter');
    await waitFor(() => expect(location.pathname).toBe('/users/42/general'));
    expect(localStorage.getItem('auth')).not.toContain('Jane');
    expect(JSON.parse(localStorage.getItem('loupe.recents.7') ?? '{}').users[0]).toMatchObject({ id: 42 });
  });

  it('gives focus back to where it was when it closes', async () => {
    renderPalette('/users/last-viewed');
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    pressCtrlK();
    await screen.findByPlaceholderText(/type a command/i);
    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(field));
    field.remove();
  });
});
