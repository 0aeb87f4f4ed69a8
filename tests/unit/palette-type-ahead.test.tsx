import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun } from '../../commands/runner';
import { clearSession } from '../../src/session/store';
import { installTypeAhead } from '../../src/ui/type-ahead';
import { closePalette, Palette } from '../../views/palette/Palette';
import CommandLayer from '../../views/shell/CommandLayer';
import { whenCommandsWanted } from '../../views/shell/LazyCommandLayer';
import { usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

let uninstall: () => void;

/** Keys pressed while nothing of the console but the kernel is there (the shell's chunk still loading). */
function typeWhileLoading(...keys: (string | { key: string; ctrlKey: boolean })[]): boolean[] {
  return keys.map((key) =>
    fireEvent.keyDown(document.activeElement ?? document.body, typeof key === 'string' ? { key } : key),
  );
}

const ctrlK = { key: 'k', ctrlKey: true };

beforeEach(() => {
  cancelRun();
  closePalette();
  clearSession();
  uninstall = installTypeAhead();
  const server = new FakeApi();
  server.on('GET', '/admin/users/search/give', () => ({ status: 200, body: usersAnswer() }));
  server.on('GET', '/admin/palette/find', () => ({ status: 200, body: { records: [], customers: [] } }));
  server.install();
});

afterEach(() => {
  cleanup();
  uninstall();
  cancelRun();
  closePalette();
  vi.unstubAllGlobals();
});

describe('type-ahead while the palette loads', () => {
  it('opens the palette once it mounts, with what was typed after Ctrl+K, the best match highlighted', async () => {
    signedInAs('ADMIN');
    const handled = typeWhileLoading(ctrlK, 'g', 'i', 'v', 'x', 'Backspace', 'e');
    expect(handled.every((passedOn) => passedOn === false)).toBe(true);
    renderAt('/users/last-viewed', <Palette />);
    const input = (await screen.findByPlaceholderText(/type a command/i)) as HTMLInputElement;
    expect(input.value).toBe('give');
    await waitFor(() => expect(screen.getByRole('option', { selected: true }).textContent).toMatch(/^Give credit/));
  });

  it('presses Enter held after the typed text once the palette shows its list: the best match starts', async () => {
    signedInAs('ADMIN');
    typeWhileLoading(ctrlK, 'g', 'i', 'v', 'e', 'Enter');
    renderAt('/users/last-viewed', <Palette />);
    expect(await screen.findByPlaceholderText(/name, e-mail or id/i)).toBeTruthy();
  });

  it('holds nothing once the palette is there: its own Ctrl+K takes over', async () => {
    signedInAs('ADMIN');
    renderAt('/users/last-viewed', <Palette />);
    act(() => {
      typeWhileLoading(ctrlK);
    });
    const input = (await screen.findByPlaceholderText(/type a command/i)) as HTMLInputElement;
    expect(input.value).toBe('');
  });

  it('leaves the keys alone when nobody is signed in (the sign-in form) and after Escape', async () => {
    expect(typeWhileLoading(ctrlK, 'a')).toEqual([true, true]);
    signedInAs('ADMIN');
    expect(typeWhileLoading(ctrlK, 'a', 'Escape', 'b')).toEqual([false, false, false, true]);
    renderAt('/users/last-viewed', <Palette />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('presses the shortcut keys typed before the palette arrived once it is there: G then P opens the queue', async () => {
    signedInAs('ADMIN');
    expect(typeWhileLoading('g', 'p')).toEqual([true, true]);
    renderAt('/users/last-viewed', <CommandLayer />);
    await waitFor(() => expect(location.pathname).toBe('/pending-projects'));
  });

  it('does not press again a key a page listener added after it took (the models page’s [ and ])', async () => {
    signedInAs('ADMIN');
    // A page's own window listener, added after the type-ahead's: it takes G (as the models page takes [).
    const taken: string[] = [];
    const page = (event: KeyboardEvent) => {
      if (event.key !== 'g') return;
      taken.push(event.key);
      event.preventDefault();
    };
    window.addEventListener('keydown', page);
    try {
      typeWhileLoading('g', 'p');
      renderAt('/users/last-viewed', <CommandLayer />);
      // P alone is no shortcut here; replayed, the taken G would have made G then P open the queue.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(location.pathname).toBe('/users/last-viewed');
      expect(taken).toEqual(['g']);
    } finally {
      window.removeEventListener('keydown', page);
    }
  });

  it('holds ? for the keyboard help, but never a key typed into a text field', async () => {
    signedInAs('ADMIN');
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    fireEvent.keyDown(field, { key: 'g' });
    fireEvent.keyDown(field, { key: 'p' });
    field.blur();
    field.remove();
    typeWhileLoading('?');
    renderAt('/users/last-viewed', <CommandLayer />);
    expect(await screen.findByRole('dialog', { name: /keyboard/i })).toBeTruthy();
    expect(location.pathname).toBe('/users/last-viewed');
  });
});

describe('the command layer loads at the first sign of use', () => {
  it('waits for a key, a pointer or a command being asked for, and fires once', () => {
    history.replaceState(null, '', '/users/last-viewed');
    const load = vi.fn();
    const stop = whenCommandsWanted(load);
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerMove(document.body);
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });

  it('loads at once for a deep link to a command', () => {
    history.replaceState(null, '', '/users/42/general?run=user.suspend');
    const load = vi.fn();
    whenCommandsWanted(load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
