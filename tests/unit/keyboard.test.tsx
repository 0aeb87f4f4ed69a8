import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permitted } from '../../commands/access';
import { allCommands, commandById } from '../../commands/index';
import { keyboardHelp } from '../../commands/keyboard-help';
import { cancelRun } from '../../commands/runner';
import { createShortcutMatcher, shortcutKeys } from '../../commands/shortcuts';
import { clearSession } from '../../src/session/store';
import { closePalette, Palette } from '../../views/palette/Palette';
import { KeyboardHelp } from '../../views/shell/KeyboardHelp';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

const renderShell = (path: string) =>
  renderAt(
    path,
    <>
      <Palette />
      <KeyboardHelp />
    </>,
  );

function key(name: string, modifiers: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) {
  return { key: name, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...modifiers };
}

function matchedId(result: ReturnType<ReturnType<typeof createShortcutMatcher>>): string {
  return result.kind === 'command' ? result.command.id : result.kind;
}

function press(name: string, modifiers: Parameters<typeof key>[1] = {}): void {
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, key(name, modifiers));
  });
}

beforeEach(() => {
  cancelRun();
  closePalette();
  clearSession();
  signedInAs('ADMIN');
  const server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

describe('two-key navigation', () => {
  it('waits after G and goes on the second key: G U users, G L last viewed, G S search', () => {
    const match = createShortcutMatcher();
    expect(matchedId(match(key('g'), 0))).toBe('pending');
    expect(matchedId(match(key('u'), 100))).toBe('go.users');
    expect(matchedId(match(key('g'), 200))).toBe('pending');
    expect(matchedId(match(key('l'), 300))).toBe('go.users.last-viewed');
    expect(matchedId(match(key('g'), 400))).toBe('pending');
    expect(matchedId(match(key('Shift'), 450))).toBe('pending');
    expect(matchedId(match(key('s'), 500))).toBe('go.users.search');
  });

  it('forgets the first key after the timeout, and after a key that continues nothing', () => {
    const match = createShortcutMatcher();
    match(key('g'), 0);
    expect(matchedId(match(key('u'), 5000))).toBe('none');
    match(key('g'), 6000);
    expect(matchedId(match(key('x'), 6100))).toBe('none');
    expect(matchedId(match(key('u'), 6200))).toBe('none');
  });

  it('still hears single chords, also right after a lone G', () => {
    const match = createShortcutMatcher();
    match(key('g'), 0);
    expect(matchedId(match(key('S', { shiftKey: true }), 10))).toBe('user.suspend');
  });

  it('numbers the first nine customer tabs: G 1 general details … G 7 credits', () => {
    const match = createShortcutMatcher();
    match(key('g'), 0);
    expect(matchedId(match(key('7'), 10))).toBe('go.user-tab.credits');
    expect(commandById('go.user-tab.general')?.shortcut).toBe('G 1');
  });

  it('sends G U to all users for a role that may see them, else to last viewed', () => {
    const users = commandById('go.users');
    if (users?.kind !== 'navigate' || users.target !== 'none') throw new Error('go.users is a plain navigation');
    expect(users.path(undefined)).toBe('/users/all-users');
    signedInAs('SUPPORT_PL1');
    expect(users.path(undefined)).toBe('/users/last-viewed');
  });

  it('moves the page when pressed outside any input', async () => {
    renderShell('/users/42/general');
    press('g');
    press('l');
    expect(location.pathname).toBe('/users/last-viewed');
  });

  it('shows the two-key jumps in the palette beside their commands', async () => {
    renderShell('/users/last-viewed');
    press('k', { ctrlKey: true });
    const users = (await screen.findAllByRole('option')).find((option) =>
      option.textContent?.startsWith('UsersShortcut'),
    );
    expect(users?.textContent).toContain('Shortcut G U');
  });

  it('shows sequences as keys with “then” between them', () => {
    expect(shortcutKeys('G U')).toEqual(['G', 'then', 'U']);
    expect(shortcutKeys('Shift+S')).toEqual(['Shift', 'S']);
  });
});

describe('the ? keyboard help', () => {
  it('lists every shortcut of the commands the role may run, and the fixed keys', () => {
    const sections = keyboardHelp(allCommands, 'ADMIN');
    const listed = sections.flatMap((section) => section.keys.map((item) => item.keys));
    for (const command of allCommands) {
      if (command.shortcut && permitted(command, 'ADMIN')) expect(listed, command.id).toContain(command.shortcut);
    }
    expect(listed).toContain('Mod+K');
    expect(listed).toContain('?');
    const pl1 = keyboardHelp(allCommands, 'SUPPORT_PL1').flatMap((section) => section.keys.map((item) => item.label));
    expect(pl1).not.toContain('Suspend');
  });

  it('opens on ?, lists the shortcuts with their keys, and closes on Escape', async () => {
    renderShell('/users/last-viewed');
    press('?', { shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Suspend')).toBeTruthy();
    expect(within(dialog).getByText('Users')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Go to' })).toBeTruthy();
    press('Escape');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
  });

  it('does not open while typing in an input', () => {
    renderShell('/users/last-viewed');
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    press('?', { shiftKey: true });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    input.remove();
  });
});
