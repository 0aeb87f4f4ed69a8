import { useEffect } from 'react';
import { closePalette, openPalette } from '../../commands/palette-state';
import { cancelRun, runner, stepBack } from '../../commands/runner';
import { isPaletteKey } from '../../src/ui/palette-key';

/** Closes the dialog: the open run (not run) and the root page. */
export function dismissPalette(): void {
  cancelRun();
  closePalette();
}

/**
 * The palette's global keys, heard before anything else (window, capture phase): Ctrl/Cmd+K toggles it; while it is
 * open, Escape steps back one page and closes it from the root.
 */
export function usePaletteKeys(visible: boolean): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (isPaletteKey(event)) {
        event.preventDefault();
        if (visible) dismissPalette();
        else openPalette();
        return;
      }
      if (!visible || event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      if (runner.run) stepBack();
      else dismissPalette();
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [visible]);
}
