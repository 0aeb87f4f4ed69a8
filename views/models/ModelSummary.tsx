import { formatBucket, parameterByKey } from '../../domain/model-parameters';
import type { ModelDetailAnswer } from '../../domain/models';
import type { ModelSelection } from './selection-url';

const count = new Intl.NumberFormat('en-US');

interface ModelSummaryProps {
  data: ModelDetailAnswer;
  selection: ModelSelection;
  onClearValue: (parameter: string, value: number) => void;
}

/** The numbers a reviewer reads first: photos (all, selected), projects, type, automation, tags, fail reason. */
export function ModelSummary({ data, selection, onClearValue }: ModelSummaryProps) {
  const { model } = data;
  const tiles: [string, string][] = [
    ['Training photos', count.format(data.total_photos)],
    ['Selected photos', count.format(data.selected_photos)],
    ['Training projects', count.format(data.projects.length)],
    ['Type', model.type.label],
    ['Trained', model.is_automated ? 'Automatically' : 'Manually'],
    ['Tags', model.tags.join(', ') || '—'],
  ];
  const chips = Object.entries(selection.parameters).flatMap(([key, values]) => {
    const parameter = parameterByKey(key);
    return parameter
      ? values.map((value) => ({ key, value, label: `${parameter.label}: ${formatBucket(parameter, value)}` }))
      : [];
  });
  return (
    <section aria-label="Summary" className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded border border-line bg-panel px-3 py-2">
            <dt className="text-[11px] text-muted">{label}</dt>
            <dd
              className="truncate text-sm font-semibold text-fg tabular-nums"
              data-testid={`summary-${label.toLowerCase().replaceAll(' ', '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {model.fail_reason ? (
        <p className="rounded border border-line bg-danger-soft px-3 py-2 text-xs text-danger">
          Failed: {model.fail_reason}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1 text-xs">
          <span className="text-muted">Only photos with</span>
          {chips.map((chip) => (
            <button
              key={`${chip.key}-${chip.value}`}
              type="button"
              className="rounded border border-accent bg-accent-soft px-1.5 py-px text-fg"
              onClick={() => onClearValue(chip.key, chip.value)}
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label} ✕
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
