import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AbTestResults, AbTestRow } from '../../../domain/ab-tests';

const palette = ['#4b52d9', '#d97706', '#059669', '#dc2626', '#7c3aed', '#0891b2'];

const day = 86_400;

/** A date or timestamp as seconds at the start of its UTC day. */
function daySeconds(value: string): number {
  return Date.parse(`${value.slice(0, 10)}T00:00:00Z`) / 1000;
}

/**
 * Customers assigned per variant, cumulated by day (uPlot): how fast each variant fills. The time axis spans the
 * test, from the day it was created to its end date (today while it runs without one), whatever days have data; the
 * axes and legend are set in the console's own font.
 */
export function AssignmentsChart({
  results,
  test,
}: {
  results: AbTestResults;
  test: Pick<AbTestRow, 'created_at' | 'end_date'>;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    const { days, counts } = results.assigned_by_day;
    if (!element || days.length === 0) return;
    const names = Object.keys(counts);
    const xs = days.map(daySeconds);
    const start = daySeconds(test.created_at);
    const end = test.end_date ? daySeconds(test.end_date) : daySeconds(new Date().toISOString());
    const font = getComputedStyle(element).fontFamily || 'sans-serif';
    const series = names.map((name) => {
      let total = 0;
      return (counts[name] ?? []).map((n) => {
        total += n;
        return total;
      });
    });
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: 220,
        scales: {
          // The test's days (and any day with data outside them), half a day either side; counts from 0.
          x: { time: true, range: (_u, min, max) => [Math.min(min, start) - day / 2, Math.max(max, end) + day / 2] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          { stroke: 'currentColor', font: `12px ${font}`, grid: { stroke: 'rgba(128,128,128,0.2)' } },
          { stroke: 'currentColor', font: `12px ${font}`, grid: { stroke: 'rgba(128,128,128,0.2)' } },
        ],
        series: [
          {},
          ...names.map((name, index) => ({
            label: name,
            stroke: palette[index % palette.length],
            width: 2,
            points: { show: true },
          })),
        ],
      },
      [xs, ...series],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, element.clientWidth), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [results, test.created_at, test.end_date]);
  if (results.assigned_by_day.days.length === 0) {
    return <p className="text-sm text-muted">No customer is assigned yet.</p>;
  }
  return (
    // uPlot's stylesheet sets its own font on the legend: the console's is inherited instead.
    <figure className="flex flex-col gap-1 text-fg [&_.uplot]:[font-family:inherit] [&_.u-legend]:text-xs">
      <div ref={box} role="img" aria-label="Customers assigned per variant over time" className="w-full" />
      <figcaption className="text-xs text-muted">Customers assigned per variant, cumulated by day (UTC).</figcaption>
    </figure>
  );
}
