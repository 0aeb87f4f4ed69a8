import { isLoggedIn } from '../session/store';
import { isPaletteKey } from './palette-key';

/**
 * Type-ahead for the palette while it is not there yet: the palette, the commands and their shortcuts are a lazy chunk
 * that loads at the first sign of use (views/shell/LazyCommandLayer.tsx), so a Ctrl/Cmd+K and what is typed after it,
 * or a shortcut (`G` then `P`, `?`), pressed before it arrives would be lost. Installed at the first paint
 * (src/main.tsx), these listeners hold them until the palette mounts and takes them (`attachPalette`). They only act
 * for a signed-in person while no palette is attached, so the sign-in form's typing is never touched.
 */

/** Receives the held keys: the text typed after Ctrl/Cmd+K (may be empty). */
type Opener = (typed: string) => void;

/** A held Ctrl/Cmd+K lapses after this long without a key (the shell failed to load): keys then pass again. */
const holdMs = 15_000;

/** Held shortcut keys older than this are dropped rather than run late (a slow network). */
const shortcutHoldMs = 3_000;

/** A key press nothing on the page took, outside a text field: a shortcut for the palette to run once it is there. */
interface HeldKey {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  at: number;
  /** The press itself, to ask at replay whether a listener after the type-ahead's took it. */
  event?: KeyboardEvent;
}

const modifierKeys = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

let opener: Opener | undefined;
let heldKeys: HeldKey[] = [];
/** What was typed after Ctrl/Cmd+K while the palette was loading; undefined when no Ctrl/Cmd+K is held. */
let held: string | undefined;
/** The keys after that text (Enter to run the best match, the arrows, then whatever follows), in order. */
let heldAfter: HeldKey[] = [];
let heldAt = 0;

function onKeyDown(event: KeyboardEvent): void {
  if (opener || !isLoggedIn() || event.isComposing) return;
  const now = performance.now();
  if (held !== undefined && now - heldAt > holdMs) held = undefined;
  heldAt = now;
  if (isPaletteKey(event) && heldAfter.length === 0) {
    event.preventDefault();
    held = held === undefined ? '' : undefined;
    return;
  }
  if (held === undefined || modifierKeys.has(event.key)) return;
  const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  if (heldAfter.length === 0 && event.key === 'Escape') held = undefined;
  else if (heldAfter.length === 0 && event.key === 'Backspace') held = held.slice(0, -1);
  else if (heldAfter.length === 0 && printable) held += event.key;
  else {
    const { key, shiftKey, altKey, ctrlKey, metaKey } = event;
    heldAfter.push({ key, shiftKey, altKey, ctrlKey, metaKey, at: now });
  }
  event.preventDefault();
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
  );
}

/**
 * Bubbling phase: a printable key no one handled (not a text field's, not the table's, not the page's) may be a
 * shortcut. Whether anyone handled it is known only once the whole dispatch is over: a page's own window listener
 * (the models page's `[` and `]`) was added after this one and runs after it. So the key is held with its event, and
 * the replay leaves out those a later listener took (`defaultPrevented`). Replayed regardless, `[` stepped to the
 * neighbour model and then, when the palette arrived, stepped again from wherever the person had gone back to.
 */
function onKeyUnhandled(event: KeyboardEvent): void {
  if (opener || held !== undefined || !isLoggedIn() || event.defaultPrevented || event.isComposing) return;
  if (event.ctrlKey || event.metaKey || event.key.length !== 1 || isTextField(event.target)) return;
  heldKeys.push({ key: event.key, shiftKey: event.shiftKey, altKey: event.altKey, at: performance.now(), event });
}

function onPointerDown(): void {
  held = undefined;
  heldKeys = [];
  heldAfter = [];
}

/** Starts holding Ctrl/Cmd+K and the keys after it (window, capture phase); returns the uninstall. */
export function installTypeAhead(target: Window = window): () => void {
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('keydown', onKeyUnhandled);
  target.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('keydown', onKeyUnhandled);
    target.removeEventListener('pointerdown', onPointerDown, true);
    held = undefined;
    heldKeys = [];
    heldAfter = [];
  };
}

/** Keys are held for the palette: a Ctrl/Cmd+K (with what follows it) or shortcut keys pressed before it arrived. */
export function holdsKeys(): boolean {
  return held !== undefined || heldKeys.length > 0;
}

/** Presses keys again, in order, where focus is at each step, for listeners that have just arrived. */
function pressAgain(keys: readonly HeldKey[]): void {
  for (const { key, shiftKey, altKey, ctrlKey = false, metaKey = false } of keys) {
    const event = new KeyboardEvent('keydown', {
      key,
      shiftKey,
      altKey,
      ctrlKey,
      metaKey,
      bubbles: true,
      cancelable: true,
    });
    (document.activeElement ?? document.body).dispatchEvent(event);
  }
}

/** After the palette has rendered what it was opened with (a frame, then a task): its list is ranked by then. */
function afterPaint(run: () => void): void {
  setTimeout(() => requestAnimationFrame(() => setTimeout(run, 0)), 0);
}

/** Presses the held shortcut keys again, where focus is now, for the listeners that have just arrived. */
function replayHeldKeys(): void {
  const now = performance.now();
  const keys = heldKeys.filter((press) => now - press.at <= shortcutHoldMs && !press.event?.defaultPrevented);
  heldKeys = [];
  pressAgain(keys);
}

/**
 * The palette takes over the keys: `open` gets what was typed if a Ctrl/Cmd+K is held, now, and the keys held after
 * that text (Enter, arrows…) are pressed again once it shows its list; held shortcut keys are pressed again once the
 * palette's own listeners are in place (the next task). Until the returned detach is called
 * (the palette unmounts, e.g. at sign-out) these listeners stay out of the way.
 */
export function attachPalette(open: Opener): () => void {
  opener = open;
  const typed = held;
  held = undefined;
  const after = heldAfter;
  heldAfter = [];
  if (typed !== undefined) {
    heldKeys = [];
    open(typed);
    if (after.length > 0) afterPaint(() => pressAgain(after));
  } else if (heldKeys.length > 0) setTimeout(replayHeldKeys, 0);
  return () => {
    if (opener === open) opener = undefined;
  };
}
