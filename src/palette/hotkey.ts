import { openPalette } from './state';

/** Ctrl/Cmd+K (not with Alt): the palette's key, from anywhere, text inputs included. */
export function isPaletteKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
}

let paletteMounted = false;

/** Set by the palette while it is mounted: from then on it handles its key itself (open and close). */
export function setPaletteMounted(mounted: boolean): void {
  paletteMounted = mounted;
}

/**
 * Listens for Ctrl/Cmd+K before the palette's code has loaded (the shell loads it lazily), so an early press is not
 * lost: it marks the palette open, and the palette shows itself when it mounts. Returns the uninstaller.
 */
export function installPaletteHotkey(target: Window = window): () => void {
  function onKeyDown(event: KeyboardEvent): void {
    if (paletteMounted || !isPaletteKey(event)) return;
    event.preventDefault();
    openPalette();
  }
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
