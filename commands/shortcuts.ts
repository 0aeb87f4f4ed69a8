import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { paletteState } from '../src/palette/state';
import { session } from '../src/session/store';
import { modKeyLabel } from '../src/ui/platform';
import { permitted } from './access';
import type { Command } from './define';
import { allCommands } from './index';
import { runCommand, runner } from './runner';
import type { UserTarget } from './target';

/** A shortcut as written on a command, e.g. `Shift+S`, `Alt+G`, `Mod+Enter` (Mod: ⌘ on Apple, Ctrl elsewhere). */
export interface Shortcut {
  key: string;
  shift: boolean;
  alt: boolean;
  mod: boolean;
}

/** Reads `Shift+S` into its parts; the key is kept in lower case. */
export function parseShortcut(text: string): Shortcut {
  const parts = text.split('+').map((part) => part.trim());
  const key = (parts.pop() ?? '').toLowerCase();
  const modifiers = new Set(parts.map((part) => part.toLowerCase()));
  return { key, shift: modifiers.has('shift'), alt: modifiers.has('alt'), mod: modifiers.has('mod') };
}

/** The keys to show for a shortcut, e.g. `['Shift', 'S']`. */
export function shortcutKeys(text: string): string[] {
  const shortcut = parseShortcut(text);
  const keys: string[] = [];
  if (shortcut.mod) keys.push(modKeyLabel());
  if (shortcut.alt) keys.push('Alt');
  if (shortcut.shift) keys.push('Shift');
  keys.push(shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return keys;
}

/** The event is exactly this shortcut (no other modifier held). */
export function matchesShortcut(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  shortcut: Shortcut,
): boolean {
  return (
    event.key.toLowerCase() === shortcut.key &&
    event.shiftKey === shortcut.shift &&
    event.altKey === shortcut.alt &&
    (event.ctrlKey || event.metaKey) === shortcut.mod
  );
}

/** Focus is somewhere typing happens: single-key shortcuts must not fire there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** Every command with a shortcut, parsed once. */
export const shortcutCommands: readonly { command: Command; shortcut: Shortcut }[] = allCommands.flatMap((command) =>
  command.shortcut ? [{ command, shortcut: parseShortcut(command.shortcut) }] : [],
);

/** The command a key press starts, if any (the role's permission is checked here; the runner checks it again). */
export function commandForKey(event: KeyboardEvent): Command | undefined {
  return shortcutCommands.find(
    ({ command, shortcut }) => matchesShortcut(event, shortcut) && permitted(command, session.userRole),
  )?.command;
}

/**
 * Listens for the commands' shortcuts while no dialog is open and focus is not in a text input. A user command
 * acts on the customer whose page is open; elsewhere the runner asks for one.
 */
export function useShortcuts(pageTarget: UserTarget | undefined): void {
  const { open } = useSnapshot(paletteState);
  const { run } = useSnapshot(runner);
  const dialogOpen = open || run !== null;
  useEffect(() => {
    if (dialogOpen) return;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || event.repeat || event.isComposing || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      void runCommand(command.id, { target: pageTarget, origin: 'shortcut' });
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dialogOpen, pageTarget]);
}
