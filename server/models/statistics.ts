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
import { executePrepared } from '../db/prepared';
import { isNarrowed, type PhotoSelection, selectionCondition } from './selection';

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
 * Histogram counts of every parameter over the selected photos. PostgreSQL only gathers the selected photos' arrays
 * into one text (`1,-5,…;3,0,…`: a photo per `;`, its parameters in `modelParameters` order, an empty field for a
 * null); the values are put in their buckets here in one pass over that text. Unnesting and grouping the 64 values
 * of each photo in SQL cost 50–100 ms for 2,000 photos on this machine (131,000 rows through a hash aggregate);
 * gathering them costs 7–10 ms and the pass a few more.
 */
export async function bucketCounts(db: Database, modelId: number, selection: PhotoSelection): Promise<BucketCount[]> {
  const query = sql`
    select string_agg(array_to_string(p.params, ',', ''), ';') as values
    from model_photos p
    where p.model_id = ${modelId} and ${selectionCondition(selection)}`;
  // The whole model's view (the page as first opened) is one statement text: prepared. A selection's text varies with
  // its values, so it is not kept as a statement per connection.
  const result = isNarrowed(selection)
    ? await db.execute<{ values: string | null }>(query)
    : await executePrepared<{ values: string | null }>(db, query);
  return bucketsOfText(result.rows[0]?.values ?? '');
}

/** The histogram cells of the gathered values (`bucketCounts`): photos and the sum of values per bucket. */
export function bucketsOfText(text: string): BucketCount[] {
  const cells = modelParameters.map(() => new Map<number, BucketCount>());
  if (text.length === 0) return [];
  let k = 0;
  let value = 0;
  let negative = false;
  let digits = false;
  const field = () => {
    const parameter = modelParameters[k];
    if (digits && parameter) {
      const v = negative ? -value : value;
      const start = bucketOf(parameter, v);
      const byStart = cells[k] as Map<number, BucketCount>;
      const cell = byStart.get(start);
      if (cell) {
        cell.photos += 1;
        cell.sum += v;
      } else byStart.set(start, { k: k + 1, start, photos: 1, sum: v });
    }
    value = 0;
    negative = false;
    digits = false;
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits = true;
    } else if (code === 45) negative = true;
    else if (code === 44) {
      field();
      k += 1;
    } else if (code === 59) {
      field();
      k = 0;
    }
  }
  field();
  return cells.flatMap((byStart) => [...byStart.values()]);
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
