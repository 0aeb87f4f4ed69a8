import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribe } from 'valtio';
import { paletteState } from '../../commands/palette-state';
import { runner } from '../../commands/run-state';
import { holdsKeys } from '../../src/ui/type-ahead';

const CommandLayer = lazy(() => import('./CommandLayer'));

/** Events that show a person is about to use the console: the command layer loads on the first of them. */
const intentEvents = ['keydown', 'pointerdown', 'pointermove', 'touchstart'] as const;

/** A page asked for the commands (see `wantCommandsNow`); the layer's hooks it reaches. */
let wantedByPage = false;
const wantedNow = new Set<() => void>();

/**
 * Loads the command layer now, without waiting for a key: a page whose next step is a command (a customer's, where an
 * agent presses Shift+F right away) calls it once it has painted, so the first key opens the form at once instead of
 * waiting for the palette's chunk (issue 18 item 1's figure: ~0.4 s on a loaded machine).
 */
export function wantCommandsNow(): void {
  wantedByPage = true;
  for (const fire of [...wantedNow]) fire();
}

/** The page was opened to run a command (`?run=…`, a deep link from a ticket): load at once. */
function openedWithDeepLink(): boolean {
  return new URLSearchParams(globalThis.location?.search ?? '').has('run');
}

/**
 * Calls `load` once, at the first sign of use: a key, a click, a touch or a pointer movement, the palette or a run
 * being asked for (a button's or a row menu's command), or at once for a deep link or keys pressed while the page
 * loaded (held by the type-ahead). Focus moving is not one: pages
 * move it themselves when they open (a table takes it).
 */
export function whenCommandsWanted(load: () => void, target: Window = window): () => void {
  let done = false;
  const stops: (() => void)[] = [];
  const stop = () => {
    for (const undo of stops.splice(0)) undo();
  };
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    load();
  };
  if (wantedByPage || openedWithDeepLink() || holdsKeys() || paletteState.open || runner.run !== null) {
    fire();
    return stop;
  }
  for (const type of intentEvents) {
    target.addEventListener(type, fire, { capture: true, passive: true });
    stops.push(() => target.removeEventListener(type, fire, { capture: true }));
  }
  wantedNow.add(fire);
  stops.push(() => wantedNow.delete(fire));
  stops.push(subscribe(paletteState, () => paletteState.open && fire()));
  stops.push(subscribe(runner, () => runner.run !== null && fire()));
  return stop;
}

/**
 * The palette and the keyboard help, kept off the first screen: the landing shows without the command registry,
 * the forms and zod, and they load as soon as the person starts to use the page. Keys pressed meanwhile are not
 * lost: `src/ui/type-ahead.ts` holds Ctrl/Cmd+K with what follows it, and the shortcut keys, until the palette is
 * there.
 */
export function LazyCommandLayer() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenCommandsWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandLayer />
    </Suspense>
  );
}
