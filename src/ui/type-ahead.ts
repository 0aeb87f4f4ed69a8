import { isLoggedIn } from '../session/store';
import { isPaletteKey } from './palette-key';

/**
 * Type-ahead for the palette while it is not there yet: right after sign-in the shell and the palette are lazy
 * chunks still loading, so a Ctrl/Cmd+K and what is typed after it would be lost. Installed at the first paint
 * (src/main.tsx), this listener holds them until the palette mounts and takes them (`attachPalette`). It only acts
 * for a signed-in person while no palette is attached, so the sign-in form's typing is never touched.
 */

/** Receives the held keys: the text typed after Ctrl/Cmd+K (may be empty). */
type Opener = (typed: string) => void;

/** A held Ctrl/Cmd+K lapses after this long without a key (the shell failed to load): keys then pass again. */
const holdMs = 15_000;

let opener: Opener | undefined;
/** What was typed after Ctrl/Cmd+K while the palette was loading; undefined when no Ctrl/Cmd+K is held. */
let held: string | undefined;
let heldAt = 0;

function onKeyDown(event: KeyboardEvent): void {
  if (opener || !isLoggedIn() || event.isComposing) return;
  const now = performance.now();
  if (held !== undefined && now - heldAt > holdMs) held = undefined;
  heldAt = now;
  if (isPaletteKey(event)) {
    event.preventDefault();
    held = held === undefined ? '' : undefined;
    return;
  }
  if (held === undefined) return;
  if (event.key === 'Escape') held = undefined;
  else if (event.key === 'Backspace') held = held.slice(0, -1);
  else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) held += event.key;
  else return;
  event.preventDefault();
}

function onPointerDown(): void {
  held = undefined;
}

/** Starts holding Ctrl/Cmd+K and the keys after it (window, capture phase); returns the uninstall. */
export function installTypeAhead(target: Window = window): () => void {
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('pointerdown', onPointerDown, true);
    held = undefined;
  };
}

/**
 * The palette takes over the keys: `open` gets what was typed if a Ctrl/Cmd+K is held, now. Until the returned
 * detach is called (the palette unmounts, e.g. at sign-out) this listener stays out of the way.
 */
export function attachPalette(open: Opener): () => void {
  opener = open;
  const typed = held;
  held = undefined;
  if (typed !== undefined) open(typed);
  return () => {
    if (opener === open) opener = undefined;
  };
}
