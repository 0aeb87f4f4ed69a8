import { useEffect, useRef } from 'react';
import { session } from '../src/session/store';
import { modKeyLabel } from '../src/ui/platform';
import { permitted } from './access';
import type { Command } from './define';
import { allCommands } from './index';
import { paletteState } from './palette-state';
import { recordContext, recordPrefill } from './record-context';
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

/** A shortcut's steps: `Shift+S` is one chord, `G U` two pressed one after the other. */
export function parseSequence(text: string): Shortcut[] {
  return text.trim().split(/\s+/).map(parseShortcut);
}

function chordKeys(shortcut: Shortcut): string[] {
  const keys: string[] = [];
  if (shortcut.mod) keys.push(modKeyLabel());
  if (shortcut.alt) keys.push('Alt');
  if (shortcut.shift) keys.push('Shift');
  keys.push(shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return keys;
}

/** The keys to show for a shortcut, e.g. `['Shift', 'S']`, or `['G', 'then', 'U']` for a sequence. */
export function shortcutKeys(text: string): string[] {
  return parseSequence(text).flatMap((chord, index) =>
    index === 0 ? chordKeys(chord) : ['then', ...chordKeys(chord)],
  );
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
export const shortcutCommands: readonly { command: Command; sequence: Shortcut[] }[] = allCommands.flatMap((command) =>
  command.shortcut ? [{ command, sequence: parseSequence(command.shortcut) }] : [],
);

/** How long the second key of a sequence (`G` then `U`) may wait, in ms. */
export const sequenceTimeout = 1500;

const modifierKeys = new Set(['shift', 'control', 'alt', 'meta', 'altgraph', 'capslock']);

type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

/** What a key press meant: a command to start, the first key of a sequence (wait for the next), or nothing. */
export type KeyMatch = { kind: 'command'; command: Command } | { kind: 'pending' } | { kind: 'none' };

/**
 * Reads key presses one by one against the commands' shortcuts, single chords and sequences alike (`G` then `U`
 * within `sequenceTimeout`), preferring the commands the role may run.
 */
export function createShortcutMatcher(
  entries: readonly { command: Command; sequence: Shortcut[] }[] = shortcutCommands,
  timeout = sequenceTimeout,
): (event: KeyPress, now?: number) => KeyMatch {
  let pending: KeyPress[] = [];
  let last = 0;
  // The role's own commands first; a shortcut only a forbidden command has still matches it, so that the runner
  // says who may run it ("Only admins, PL2 agents and support masters may suspend customers") instead of nothing.
  const matching = (presses: readonly KeyPress[]) => {
    const found = entries.filter(
      ({ sequence }) =>
        sequence.length >= presses.length &&
        presses.every((press, index) => {
          const step = sequence[index];
          return step !== undefined && matchesShortcut(press, step);
        }),
    );
    const own = found.filter(({ command }) => permitted(command, session.userRole));
    return own.length > 0 ? own : found;
  };
  return (event, now = Date.now()) => {
    if (modifierKeys.has(event.key.toLowerCase())) return { kind: pending.length > 0 ? 'pending' : 'none' };
    const fresh = now - last <= timeout ? pending : [];
    last = now;
    const attempts = fresh.length > 0 ? [[...fresh, event], [event]] : [[event]];
    for (const presses of attempts) {
      const candidates = matching(presses);
      const complete = candidates.find(({ sequence }) => sequence.length === presses.length);
      if (complete) {
        pending = [];
        return { kind: 'command', command: complete.command };
      }
      if (candidates.length > 0) {
        pending = presses;
        return { kind: 'pending' };
      }
    }
    pending = [];
    return { kind: 'none' };
  };
}

/**
 * Listens for the commands' shortcuts while no dialog is open and focus is not in a text input. A user command
 * acts on the customer whose page is open; elsewhere the runner asks for one.
 *
 * One listener and one matcher for the palette's whole life: the open dialogs and the page's customer are read when a
 * key arrives, not captured by an effect. Re-attaching on each change lost keys: a `G` pressed as a command's form
 * closed (before the effect ran again), or the `2` after it when the page's customer was re-read in between and a
 * fresh matcher forgot the `G`.
 */
export function useShortcuts(pageTarget: UserTarget | undefined): void {
  const target = useRef(pageTarget);
  target.current = pageTarget;
  useEffect(() => {
    const match = createShortcutMatcher();
    function onKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || event.repeat || event.isComposing || isTypingTarget(event.target)) return;
      if (paletteState.open || runner.run !== null) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return;
      const result = match(event);
      if (result.kind === 'none') return;
      event.preventDefault();
      if (result.kind !== 'command') return;
      // On a project or profile row, its commands (refund, re-edit…) open prefilled with that row's id.
      const prefill = recordPrefill(result.command.id);
      void runCommand(result.command.id, {
        target: prefill ? (recordContext.record?.target ?? target.current) : target.current,
        origin: 'shortcut',
        ...(prefill ? { prefill } : {}),
      });
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
