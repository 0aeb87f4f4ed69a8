import { proxy } from 'valtio';

/** The palette dialog's own state: open on its root page, and what is typed there. */
export const paletteState = proxy({ open: false, search: '' });

/** Opens the palette on its root page (Ctrl/Cmd+K does this). */
export function openPalette(): void {
  paletteState.open = true;
}

/** Closes the palette's root page and forgets its search. */
export function closePalette(): void {
  paletteState.open = false;
  paletteState.search = '';
}
