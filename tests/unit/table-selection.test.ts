import { describe, expect, it } from 'vitest';
import {
  extendTo,
  isSelected,
  noSelection,
  selectAllMatching,
  selectionCount,
  selectLoaded,
  toggleRow,
} from '../../src/ui/table/selection';

const rows = [{ id: 10 }, { id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }];
const ids = (selection: { ids: ReadonlySet<number | string> }) => [...selection.ids].sort();

describe('table selection', () => {
  it('Space toggles the focused row in and out', () => {
    const one = toggleRow(noSelection, rows, 1);
    expect(ids(one)).toEqual([11]);
    expect(ids(toggleRow(one, rows, 1))).toEqual([]);
    expect(ids(toggleRow(one, rows, 3))).toEqual([11, 13]);
  });

  it('Shift+↓ extends from the anchor, Shift+↑ back towards it drops the row left', () => {
    let selection = toggleRow(noSelection, rows, 1);
    selection = extendTo(selection, rows, 1, 2);
    selection = extendTo(selection, rows, 2, 3);
    expect(ids(selection)).toEqual([11, 12, 13]);
    selection = extendTo(selection, rows, 3, 2);
    expect(ids(selection)).toEqual([11, 12]);
    const upwards = extendTo(noSelection, rows, 4, 3);
    expect(ids(upwards)).toEqual([13, 14]);
  });

  it('Ctrl/Cmd+A selects the loaded rows; all matching counts the filter’s total', () => {
    expect(selectionCount(selectLoaded(rows), 900)).toBe(5);
    const all = selectAllMatching(rows);
    expect(selectionCount(all, 900)).toBe(900);
    expect(isSelected(all, { id: 999 })).toBe(true);
    const lessOne = toggleRow(all, rows, 0);
    expect(lessOne.allMatching).toBe(false);
    expect(ids(lessOne)).toEqual([11, 12, 13, 14]);
  });
});
