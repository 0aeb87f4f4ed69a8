import { proxy } from 'valtio';

/** Whether the keyboard help (the `?` overlay) is open; `?` and the palette's "Keyboard help" open it. */
export const helpState = proxy<{ open: boolean }>({ open: false });
