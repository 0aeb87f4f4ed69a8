import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ModelChart } from '../../domain/models';

const width = 260;
const height = 96;

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * One chart of a statistics section, drawn with uPlot on a canvas: a histogram (bars of the share of photos per
 * bucket, each bar in the point's colour) or a curve (output against input). Decorative for assistive technology: the
 * chart's label and its table alternative carry the same numbers.
 */
export function Histogram({ chart }: { chart: ModelChart }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  /** What the drawing callbacks read: the chart shown now (a new selection changes it without a new plot). */
  const shown = useRef({ chart, colors: [] as string[] });
  const curve = chart.kind === 'curve';
  const empty = chart.chart_data.length === 0;

  // One plot per chart kind: created once, then given each new selection's data with setData (recreating 65 plots
  // on every sidebar change cost most of a repaint).
  useEffect(() => {
    const element = host.current;
    if (!element || empty) return;
    const grid = cssColor('--color-line', '#2a2b32');
    const text = cssColor('--color-faint', '#8f919b');
    const accent = cssColor('--color-accent', '#8187ff');
    const labelAt = (index: number) => shown.current.chart.chart_data[Math.round(index)]?.label.split(' … ')[0] ?? '';
    const options: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: {
        x: {
          time: false,
          range: () => [-0.6, shown.current.chart.chart_data.length - 0.4],
        },
        y: {
          range: () => [
            0,
            curve ? 100 : Math.max(5, ...shown.current.chart.chart_data.map((point) => point.percentage)) * 1.1,
          ],
        },
      },
      axes: [
        {
          stroke: text,
          grid: { show: false },
          ticks: { stroke: grid, size: 3 },
          size: 18,
          font: '10px system-ui',
          values: (_, splits) => splits.map((split) => (Number.isInteger(split) ? labelAt(split) : '')),
          splits: () => {
            const count = shown.current.chart.chart_data.length;
            const step = Math.max(1, Math.ceil(count / 4));
            return Array.from({ length: count }, (_, index) => index).filter((index) => index % step === 0);
          },
        },
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          size: 30,
          font: '10px system-ui',
          values: (_, splits) => splits.map((split) => `${Math.round(split)}%`),
          splits: (_, __, min, max) => [min, (min + max) / 2, max].map((value) => Math.round(value)),
        },
      ],
      series: [
        {},
        curve
          ? { stroke: accent, width: 2, points: { show: false } }
          : {
              stroke: accent,
              fill: accent,
              width: 0,
              points: { show: false },
              paths: uPlot.paths.bars?.({
                size: [0.85, 40],
                disp: { fill: { unit: 3, values: () => shown.current.colors } },
              }),
            },
      ],
    };
    plot.current = new uPlot(options, [[], []], element);
    return () => {
      plot.current?.destroy();
      plot.current = null;
    };
  }, [curve, empty]);

  useEffect(() => {
    const accent = cssColor('--color-accent', '#8187ff');
    shown.current = {
      chart,
      colors: chart.chart_data.map((point) => (point.color === '#60a5fa' ? accent : point.color)),
    };
    plot.current?.setData([
      chart.chart_data.map((_, index) => index),
      chart.chart_data.map((point) => point.percentage),
    ]);
  }, [chart]);
  return <div ref={host} aria-hidden="true" className="h-[96px] w-[260px]" />;
}
