import { useEffect } from 'react';
import { closePalette, openPalette, paletteState } from '../../commands/palette-state';
import { cancelRun, runner, stepBack } from '../../commands/runner';
import { isPaletteKey } from '../../src/ui/palette-key';

/** Closes the dialog: the open run (not run) and the root page. */
export function dismissPalette(): void {
  cancelRun();
  closePalette();
}

/**
 * Between a Ctrl/Cmd+K and the palette's first paint (a render, longer on a busy machine), typed keys belong to the
 * palette's search: without this they reached the page under it, where a focused row took `d` as its download.
 */
let opening = false;

/** A key that types into the search while the palette is opening; true when it was taken. */
function typeWhileOpening(event: KeyboardEvent): boolean {
  if (!opening || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key.length === 1) paletteState.search += event.key;
  else if (event.key === 'Backspace') paletteState.search = paletteState.search.slice(0, -1);
  else return false;
  event.preventDefault();
  event.stopPropagation();
  return true;
}

/**
 * The palette's global keys, heard before anything else (window, capture phase): Ctrl/Cmd+K toggles it; while it is
 * open, Escape steps back one page and closes it from the root.
 */
export function usePaletteKeys(visible: boolean): void {
  useEffect(() => {
    if (visible) opening = false;
    function onKeyDown(event: KeyboardEvent): void {
      if (isPaletteKey(event)) {
        event.preventDefault();
        if (visible) dismissPalette();
        else {
          opening = true;
          openPalette();
        }
        return;
      }
      if (!visible && typeWhileOpening(event)) return;
      if (!visible || event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      if (runner.run) stepBack();
      else dismissPalette();
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [visible]);
}
