import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AbTestResults } from '../../../domain/ab-tests';

const palette = ['#4b52d9', '#d97706', '#059669', '#dc2626', '#7c3aed', '#0891b2'];

/** Customers assigned per variant, cumulated by day (uPlot): how fast each variant fills. */
export function AssignmentsChart({ results }: { results: AbTestResults }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    const { days, counts } = results.assigned_by_day;
    if (!element || days.length === 0) return;
    const names = Object.keys(counts);
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
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
          // A day either side, and counts from 0: one day of assignments still reads as a point on a line.
          x: { time: true, range: (_u, min, max) => [min - 86_400, max + 86_400] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          { stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
          { stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
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
  }, [results]);
  if (results.assigned_by_day.days.length === 0) {
    return <p className="text-sm text-muted">No customer is assigned yet.</p>;
  }
  return (
    <figure className="flex flex-col gap-1 text-fg">
      <div ref={box} role="img" aria-label="Customers assigned per variant over time" className="w-full" />
      <figcaption className="text-xs text-muted">Customers assigned per variant, cumulated by day (UTC).</figcaption>
    </figure>
  );
}
