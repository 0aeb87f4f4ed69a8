import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import type { RowsWindowProps } from './types';

/**
 * Up to this many rows, and no more to load, a table renders them all: search results and the last-viewed list are at
 * most 50, and a few hundred fixed-height rows cost less than the virtualizer's 14 kB on the first screen.
 */
export const plainRowLimit = 200;

const VirtualRows = lazy(() => import('./VirtualRows'));

/** Rows shown while the virtualizer's chunk arrives (the first screenfuls; it arrives within a frame or two). */
const waitingRows = 40;

/**
 * The body of the data table: every row for short lists, TanStack Virtual (loaded with the first long table) past
 * `plainRowLimit` or when more pages may follow.
 */
export function TableRows(props: RowsWindowProps & { virtual: boolean }) {
  const { virtual, ...window } = props;
  if (!virtual) return <PlainRows {...window} />;
  return (
    <Suspense fallback={<PlainRows {...window} count={Math.min(window.count, waitingRows)} />}>
      <VirtualRows {...window} />
    </Suspense>
  );
}

function PlainRows({ count, rowHeight, scroller, renderRow, onRange, scrollTo }: RowsWindowProps) {
  scrollTo.current = (index) => {
    const element = scroller;
    if (!element) return;
    // Content coordinates: the sticky header row is one row high and covers the top of the view.
    const top = index * rowHeight;
    const bottom = top + 2 * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom - element.clientHeight;
  };
  useEffect(() => onRange(0, count - 1), [count, onRange]);
  const rows: ReactNode[] = [];
  for (let index = 0; index < count; index += 1) rows.push(renderRow(index, index * rowHeight));
  return (
    <tbody className="relative block" style={{ height: count * rowHeight }}>
      {rows}
    </tbody>
  );
}
