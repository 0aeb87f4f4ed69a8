import { countOf } from '../../domain/labels';
import type { ModelChart } from '../../domain/models';
import { Histogram } from './Histogram';

interface ChartCardProps {
  chart: ModelChart;
  /** Filter the photos by one of the chart's values (a bucket start); pressing it again takes the filter off. */
  onToggleValue: (parameter: string, value: number) => void;
}

/**
 * One parameter's evidence: the chart, its mean and most common value, the values to filter by (buttons: Tab to one,
 * Enter filters by it) and the same numbers as a small table for screen readers and copying.
 */
export function ChartCard({ chart, onToggleValue }: ChartCardProps) {
  const filters = [chart.filters.most_common, ...chart.filters.others].filter((each) => each !== null);
  const mostCommon = chart.filters.most_common;
  return (
    <figure
      className="rounded border border-line bg-panel p-2"
      aria-labelledby={`chart-${chart.key}`}
      data-chart={chart.key}
    >
      <figcaption className="mb-1 flex items-baseline justify-between gap-2">
        <span id={`chart-${chart.key}`} className="truncate text-xs font-medium text-fg">
          {chart.label}
        </span>
        <span className="shrink-0 text-[11px] text-muted tabular-nums">
          {chart.mean !== null ? `mean ${chart.mean}` : chart.kind === 'curve' ? chart.group_label : 'no photos'}
        </span>
      </figcaption>
      {chart.chart_data.length > 0 ? (
        <Histogram chart={chart} />
      ) : (
        <div className="flex h-[96px] items-center justify-center text-xs text-faint">No photos selected</div>
      )}
      {mostCommon ? (
        <p className="mt-1 text-[11px] text-muted">
          Most common <span className="text-fg">{mostCommon.label}</span> · {mostCommon.percentage} %
        </p>
      ) : null}
      {filters.length > 0 ? (
        <fieldset className="mt-1 flex flex-wrap gap-1">
          <legend className="sr-only">Filter photos by {chart.label}</legend>
          {filters.map((filter) => (
            <button
              key={filter.parameter_value}
              type="button"
              aria-pressed={filter.selected}
              title={`${countOf(filter.total, 'photo')} (${filter.percentage} %)`}
              onClick={() => onToggleValue(chart.key, filter.parameter_value)}
              className={`rounded border px-1.5 py-px text-[11px] tabular-nums focus-visible:outline-2 focus-visible:outline-accent ${
                filter.selected
                  ? 'border-accent bg-accent-soft text-fg'
                  : 'border-line text-muted hover:bg-hover hover:text-fg'
              }`}
            >
              {filter.label} <span className="text-faint">{filter.percentage}%</span>
            </button>
          ))}
        </fieldset>
      ) : null}
      {chart.chart_data.length > 0 ? (
        <details className="mt-1 text-[11px] text-muted">
          <summary className="cursor-pointer select-none">Table</summary>
          <table className="mt-1 w-full tabular-nums">
            <caption className="sr-only">{chart.label}: share of the selected photos</caption>
            <thead>
              <tr>
                <th scope="col" className="text-left font-medium">
                  {chart.kind === 'curve' ? 'Input' : 'Value'}
                </th>
                <th scope="col" className="text-right font-medium">
                  {chart.kind === 'curve' ? 'Output' : 'Photos'}
                </th>
                {chart.kind === 'curve' ? null : (
                  <th scope="col" className="text-right font-medium">
                    Share
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {chart.chart_data
                .filter((point) => chart.kind === 'curve' || point.total > 0)
                .map((point) => (
                  <tr key={point.value}>
                    <td>{point.label}</td>
                    <td className="text-right">{chart.kind === 'curve' ? `${point.percentage} %` : point.total}</td>
                    {chart.kind === 'curve' ? null : <td className="text-right">{point.percentage} %</td>}
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  );
}
