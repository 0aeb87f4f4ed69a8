import type { KeyboardEvent } from 'react';
import { extendTo, noSelection, selectAllMatching, selectLoaded, type TableSelection, toggleRow } from './selection';
import type { TableRow } from './types';

/** What the selection keys need from the table. */
export interface SelectionKeys {
  rows: readonly TableRow[];
  focused: number;
  selection: TableSelection;
  /** The filter's total, when the whole filter can be selected. */
  matchingTotal: number | undefined;
  onChange: (next: TableSelection) => void;
  moveTo: (index: number) => void;
}

/**
 * The selection keys of a table that selects: Space toggles the focused row, Shift+↑/↓ extends, Ctrl/Cmd+A selects
 * the loaded rows (again: every row matching the filter), Escape clears. True when the key was one of them.
 */
export function selectionKeyDown(event: KeyboardEvent<HTMLElement>, keys: SelectionKeys): boolean {
  if (event.target !== event.currentTarget || event.altKey) return false;
  const { rows, focused, selection } = keys;
  const command = event.ctrlKey || event.metaKey;
  let next: TableSelection | null = null;
  if (event.key === ' ' && !command && !event.shiftKey) next = toggleRow(selection, rows, focused);
  else if (event.shiftKey && !command && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    const to = event.key === 'ArrowDown' ? Math.min(rows.length - 1, focused + 1) : Math.max(0, focused - 1);
    next = extendTo(selection, rows, focused, to);
    keys.moveTo(to);
  } else if (command && !event.shiftKey && event.key.toLowerCase() === 'a') {
    const allLoaded = rows.length > 0 && rows.every((row) => selection.ids.has(row.id));
    const widen = allLoaded && !selection.allMatching && keys.matchingTotal !== undefined;
    next = widen ? selectAllMatching(rows) : selectLoaded(rows);
  } else if (event.key === 'Escape' && !command && (selection.ids.size > 0 || selection.allMatching)) {
    next = noSelection;
  }
  if (!next) return false;
  event.preventDefault();
  event.stopPropagation();
  keys.onChange(next);
  return true;
}
