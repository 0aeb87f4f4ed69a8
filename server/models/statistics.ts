import { sql } from 'drizzle-orm';
import {
  bucketOf,
  formatBucket,
  formatParameterValue,
  type ModelParameter,
  modelParameters,
  statisticsSectionLabels,
  statisticsSections,
} from '../../domain/model-parameters';
import type { ModelChart, StatisticsSectionAnswer } from '../../domain/models';
import { toneCurvePoints } from '../../domain/tone-curve';
import type { Database } from '../db/client';
import { type PhotoSelection, selectionCondition } from './selection';

/** One histogram cell: photos of parameter `k` (1-based) whose value is in the bucket starting at `start`. */
interface BucketCount extends Record<string, unknown> {
  k: number;
  start: number;
  photos: number;
  sum: number;
}

/** Parameters whose values are categories (every value its own bar, only those seen), not a range. */
const categorical = new Set(['crop_aspect']);
/** Most-common and at most this many other values are offered as filters under a chart. */
const filterValues = 8;

const barColor = '#60a5fa';
const hueColor = (hue: number) => `hsl(${Math.round(hue)}, 70%, 58%)`;
const bandHues: Record<string, number> = {
  Red: 0,
  Orange: 30,
  Yellow: 55,
  Green: 120,
  Aqua: 180,
  Blue: 220,
  Purple: 275,
  Magenta: 315,
};

function colorOf(parameter: ModelParameter, start: number): string {
  if (parameter.key.startsWith('grading_') && parameter.key.endsWith('_hue'))
    return hueColor(start + parameter.bucket / 2);
  if (parameter.section === 'hsl') return hueColor(bandHues[parameter.group] ?? 210);
  return barColor;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Histogram counts of every parameter over the selected photos, in one pass: each photo's parameter array unnested
 * (parameter index, value) and counted per distinct value in SQL; the values are then put in their buckets here
 * (bucket starts and widths from the domain), which is cheaper than bucketing every unnested value in SQL.
 */
export async function bucketCounts(db: Database, modelId: number, selection: PhotoSelection): Promise<BucketCount[]> {
  const result = await db.execute<{ k: number; v: number; n: number }>(sql`
    select u.k::int as k, u.v::int as v, count(*)::int as n
    from model_photos p cross join lateral unnest(p.params) with ordinality as u(v, k)
    where p.model_id = ${modelId} and ${selectionCondition(selection)}
    group by 1, 2`);
  const cells = new Map<string, BucketCount>();
  for (const row of result.rows) {
    const k = Number(row.k);
    const parameter = modelParameters[k - 1];
    if (!parameter) continue;
    const value = Number(row.v);
    const photos = Number(row.n);
    const start = bucketOf(parameter, value);
    const id = `${k}:${start}`;
    const cell = cells.get(id) ?? { k, start, photos: 0, sum: 0 };
    cell.photos += photos;
    cell.sum += value * photos;
    cells.set(id, cell);
  }
  return [...cells.values()];
}

/** The number of selected photos, read off the counts (every photo has every parameter). */
export function selectedOf(counts: readonly BucketCount[]): number {
  return counts.filter((count) => count.k === 1).reduce((sum, count) => sum + count.photos, 0);
}

function histogram(parameter: ModelParameter, cells: BucketCount[], selected: number, chosen: number[]): ModelChart {
  const byStart = new Map(cells.map((cell) => [cell.start, cell]));
  let starts = [...byStart.keys()].sort((a, b) => a - b);
  if (!categorical.has(parameter.key) && starts.length > 0) {
    const first = starts[0] as number;
    const last = starts.at(-1) as number;
    starts = [];
    for (let start = first; start <= last; start += parameter.bucket) starts.push(start);
  }
  const share = (photos: number) => (selected === 0 ? 0 : round1((photos / selected) * 100));
  const chart_data = starts.map((start) => {
    const photos = byStart.get(start)?.photos ?? 0;
    const label = formatBucket(parameter, start);
    return {
      value: start,
      label,
      tooltip: `${parameter.label} ${label}: ${photos} photo${photos === 1 ? '' : 's'} (${share(photos)} %)`,
      percentage: share(photos),
      total: photos,
      color: colorOf(parameter, start),
    };
  });
  const ranked = [...cells].sort((a, b) => b.photos - a.photos || a.start - b.start);
  const filter = (cell: BucketCount) => ({
    label: formatBucket(parameter, cell.start),
    total: cell.photos,
    percentage: share(cell.photos),
    parameter_value: cell.start,
    selected: chosen.includes(cell.start),
  });
  const photos = cells.reduce((sum, cell) => sum + cell.photos, 0);
  const total = cells.reduce((sum, cell) => sum + cell.sum, 0);
  return {
    key: parameter.key,
    kind: 'histogram',
    label: parameter.label,
    group_label: parameter.group,
    mean: photos === 0 ? null : formatParameterValue(parameter, Math.round(total / photos)),
    chart_data,
    filters: {
      most_common: ranked[0] ? filter(ranked[0]) : null,
      others: ranked.slice(1, 1 + filterValues).map(filter),
    },
  };
}

/** The average tone curve of the selected photos, drawn from the mean of each parametric region. */
function toneCurveChart(means: Record<string, number>, selected: number): ModelChart {
  const points = toneCurvePoints({
    highlights: means.curve_highlights ?? 0,
    lights: means.curve_lights ?? 0,
    darks: means.curve_darks ?? 0,
    shadows: means.curve_shadows ?? 0,
  });
  return {
    key: 'tone_curve_average',
    kind: 'curve',
    label: 'Average tone curve',
    group_label: 'Curve',
    mean: null,
    chart_data:
      selected === 0
        ? []
        : points.map((point) => ({
            value: point.input,
            label: `${point.input} %`,
            tooltip: `Input ${point.input} % → output ${round1(point.output)} %`,
            percentage: round1(point.output),
            total: selected,
            color: '#e5e7eb',
          })),
    filters: { most_common: null, others: [] },
  };
}

/** Every statistics section (spec §3), one chart per parameter, from the bucket counts. */
export function statisticsOf(counts: readonly BucketCount[], selection: PhotoSelection): StatisticsSectionAnswer[] {
  const selected = selectedOf(counts);
  const cellsOf = new Map<number, BucketCount[]>();
  for (const count of counts) cellsOf.set(count.k, [...(cellsOf.get(count.k) ?? []), count]);
  const means: Record<string, number> = {};
  const charts = modelParameters.map((parameter, index) => {
    const cells = cellsOf.get(index + 1) ?? [];
    const photos = cells.reduce((sum, cell) => sum + cell.photos, 0);
    if (photos > 0) means[parameter.key] = cells.reduce((sum, cell) => sum + cell.sum, 0) / photos;
    return histogram(parameter, cells, selected, selection.parameters[parameter.key] ?? []);
  });
  return statisticsSections.map((section) => {
    const sectionCharts = charts.filter((_, index) => modelParameters[index]?.section === section);
    if (section === 'tone_curve') sectionCharts.unshift(toneCurveChart(means, selected));
    return { key: section, label: statisticsSectionLabels[section], charts: sectionCharts };
  });
}
