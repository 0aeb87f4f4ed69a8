import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun } from '../../commands/runner';
import { clearSession } from '../../src/session/store';
import { installTypeAhead } from '../../src/ui/type-ahead';
import { closePalette, Palette } from '../../views/palette/Palette';
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
});
