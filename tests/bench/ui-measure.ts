import type { Page } from '@playwright/test';

/** The `p`th percentile of sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/**
 * rAF timestamps are vsync times reported at 0.1 ms resolution with jitter, so an on-time 60 Hz frame reads 16.6–16.8:
 * a frame counts as over 16.7 ms from 17.5 ms on, i.e. when it missed a vsync.
 */
export const frameBudget = 17.5;

/** Frame times as people feel them: the share over one 60 Hz frame, the longest, the 95th percentile. */
export function frameStats(frames: readonly number[]): { overBudget: number; longest: number; p95: number } {
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    overBudget: frames.filter((frame) => frame > frameBudget).length / Math.max(1, frames.length),
    longest: sorted.at(-1) ?? 0,
    p95: percentile(sorted, 95),
  };
}

/** Scrolls the table to its end until `total` rows are loaded (the table asks for each next page); milliseconds taken. */
export async function loadAllRows(page: Page, total: number): Promise<number> {
  return page.evaluate(async (wanted) => {
    const started = performance.now();
    const grid = document.querySelector('[role="grid"]') as HTMLElement;
    const scroller = grid.parentElement as HTMLElement;
    const loaded = () => Number(grid.getAttribute('aria-rowcount')) - 1;
    while (loaded() < wanted) {
      const before = loaded();
      scroller.scrollTop = scroller.scrollHeight;
      const waitStarted = performance.now();
      while (loaded() === before && performance.now() - waitStarted < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (loaded() === before) throw new Error(`stuck at ${before} rows`);
    }
    scroller.scrollTop = 0;
    return performance.now() - started;
  }, total);
}

/** One scroll run's frames (requestAnimationFrame deltas), the most rows in the DOM at once, and the last row seen. */
export interface ScrollRun {
  frames: number[];
  maxRows: number;
  lastRow: number;
  /** Frames in which the table showed its flung stripe instead of rows. */
  stripeFrames: number;
}

/**
 * Scrolls the table from the top `step` pixels a frame, wheel-like, to the bottom (or for `frames` frames), recording
 * every frame's duration and the number of row elements in the DOM.
 */
export async function measureScroll(page: Page, options: { step: number; frames?: number }): Promise<ScrollRun> {
  return page.evaluate(
    ({ step, frames: limit }) =>
      new Promise<ScrollRun>((resolve) => {
        const grid = document.querySelector('[role="grid"]') as HTMLElement;
        const scroller = grid.parentElement as HTMLElement;
        scroller.scrollTop = 0;
        const frames: number[] = [];
        let maxRows = 0;
        let stripeFrames = 0;
        let previous = 0;
        const bottom = () => scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
        const tick = (now: number) => {
          if (previous) frames.push(now - previous);
          previous = now;
          maxRows = Math.max(maxRows, grid.querySelectorAll('tbody tr').length);
          if (grid.querySelector('tbody tr[data-flung]')) stripeFrames += 1;
          if (bottom() || (limit !== undefined && frames.length >= limit)) {
            // A flung table shows a ruled stripe until the scrolling stops: read the last row once the rows are back.
            let waited = 0;
            const settle = () => {
              const rows = grid.querySelectorAll('tbody tr[aria-rowindex]');
              if (rows.length === 0 && waited++ < 120) {
                requestAnimationFrame(settle);
                return;
              }
              const lastRow = Number(rows[rows.length - 1]?.getAttribute('aria-rowindex') ?? 1) - 1;
              resolve({ frames, maxRows, lastRow, stripeFrames });
            };
            settle();
            return;
          }
          scroller.scrollTop += step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(() => requestAnimationFrame(tick));
      }),
    options,
  );
}
