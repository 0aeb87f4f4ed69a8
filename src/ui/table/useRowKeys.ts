import type { KeyboardEvent } from 'react';

/** What the table's keys do, given the focused row and the number of rows. */
export interface RowKeyActions {
  count: number;
  focused: number;
  /** Rows a page moves (PageUp/PageDown). */
  pageSize: number;
  moveTo: (index: number) => void;
  open: (index: number) => void;
  openMenu: (index: number) => void;
}

/**
 * The table's keyboard model: ↑/↓ or j/k move the row focus, Home/End and PageUp/PageDown jump, Enter opens the row,
 * `.`, Shift+F10 or the context-menu key open its actions. Keys pressed in a control inside (a header button) pass.
 */
export function rowKeyDown(event: KeyboardEvent<HTMLElement>, keys: RowKeyActions): void {
  if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
  const { count, focused, pageSize } = keys;
  if (count === 0) return;
  const last = count - 1;
  const key = event.key;
  if (key === 'ArrowDown' || (key === 'j' && !event.shiftKey)) keys.moveTo(Math.min(last, focused + 1));
  else if (key === 'ArrowUp' || (key === 'k' && !event.shiftKey)) keys.moveTo(Math.max(0, focused - 1));
  else if (key === 'Home') keys.moveTo(0);
  else if (key === 'End') keys.moveTo(last);
  else if (key === 'PageDown') keys.moveTo(Math.min(last, focused + pageSize));
  else if (key === 'PageUp') keys.moveTo(Math.max(0, focused - pageSize));
  else if (key === 'Enter' && !event.shiftKey) keys.open(focused);
  else if (key === '.' || key === 'ContextMenu' || (key === 'F10' && event.shiftKey)) keys.openMenu(focused);
  else return;
  event.preventDefault();
}
