import { noSelection, selectAllMatching, selectionCount, type TableSelection } from './selection';
import type { TableRow } from './types';

const count = new Intl.NumberFormat('en-US');

interface SelectionBarProps {
  selection: TableSelection;
  rows: readonly TableRow[];
  matchingTotal: number | undefined;
  onChange: (next: TableSelection) => void;
}

/** The selection's count in the table's toolbar, with "Select all N matching" and "Clear". */
export function SelectionBar({ selection, rows, matchingTotal, onChange }: SelectionBarProps) {
  const selected = selectionCount(selection, matchingTotal);
  if (selected === 0) return null;
  // Offered while the selection is rows: the whole filter is sent as the filter (the server selects), not as ids.
  const canWiden = !selection.allMatching && matchingTotal !== undefined && matchingTotal > 0;
  return (
    <span className="flex items-center gap-2 text-xs" data-testid="selection-bar">
      <span className="rounded bg-accent-soft px-1.5 py-0.5 font-medium text-fg tabular-nums" aria-live="polite">
        {count.format(selected)} selected{selection.allMatching ? ' (all matching)' : ''}
      </span>
      {canWiden ? (
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-accent underline-offset-2 hover:underline focus-visible:outline-2"
          onClick={() => onChange(selectAllMatching(rows))}
        >
          Select all {count.format(matchingTotal)} matching this filter
        </button>
      ) : null}
      <button
        type="button"
        className="rounded px-1.5 py-0.5 text-muted hover:text-fg focus-visible:outline-2"
        onClick={() => onChange(noSelection)}
      >
        Clear selection
      </button>
    </span>
  );
}
