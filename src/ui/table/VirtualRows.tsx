import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { RowsWindowProps } from './types';

/** Rows rendered beyond each edge of the view. */
const overscan = 12;

/**
 * A long table's body: TanStack Virtual keeps the DOM to the rows in view, at any length. Loaded with the first table
 * that needs it (`TableRows`), so a first screen of short lists does not carry it.
 */
export default function VirtualRows({ count, rowHeight, scroller, renderRow, onRange, scrollTo }: RowsWindowProps) {
  // Flung: more than a screen a frame, so every row would be new each frame and on screen for that frame only.
  const [flung, setFlung] = useState(false);
  const lastOffset = useRef(0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight,
    overscan,
    scrollPaddingStart: rowHeight,
    // Render after the scroll, not inside its event: a frame is never held up by the rows it scrolled in.
    useFlushSync: false,
    onChange: (instance) => {
      const offset = instance.scrollOffset ?? 0;
      const jump = Math.abs(offset - lastOffset.current);
      lastOffset.current = offset;
      const screen = scroller?.clientHeight || 400;
      setFlung((was) => instance.isScrolling && jump > (was ? screen / 4 : screen));
    },
  });
  scrollTo.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => onRange(first, last), [first, last, onRange]);
  const firstItem = items[0];
  return (
    <tbody className="relative block" style={{ height: virtualizer.getTotalSize() }}>
      {flung && firstItem ? (
        // One ruled stripe over the view instead of thirty rows to style and lay out (about 150 µs an element in a
        // Chromium trace); the rows return as soon as the scrolling slows to under a quarter screen a frame. Sticky,
        // so the compositor keeps it in view: placed at the rows' range it lagged a frame, i.e. a screen or more
        // behind, and the view showed an empty table (a screenshot mid-fling).
        <tr
          data-flung=""
          className="table-flung sticky top-0 left-0 block w-full"
          style={{ height: scroller?.clientHeight || (last - first + 1) * rowHeight }}
        />
      ) : (
        items.map((item) => renderRow(item.index, item.start))
      )}
    </tbody>
  );
}
