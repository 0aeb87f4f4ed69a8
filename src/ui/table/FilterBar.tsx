import { type ReactNode, useState } from 'react';
import type { TableFilter } from '../../../domain/table-query';
import { filterToParam } from '../../../domain/table-url';
import type { Header } from '../../../domain/tables';
import { Popover } from '../Popover';
import { FilterPopover } from './FilterPopover';
import { describeFilter } from './filter-text';
import { LazyFilterEditor as FilterEditor } from './LazyFilterEditor';

interface FilterBarProps {
  headers: readonly Header[];
  filters: readonly TableFilter[];
  onChange: (filters: TableFilter[]) => void;
  /** Shown at the end of the bar: counts, the column menu. */
  children?: ReactNode;
}

function AddFilter({ headers, onAdd }: { headers: readonly Header[]; onAdd: (filter: TableFilter) => void }) {
  const filterable = headers.filter((header) => header.filter);
  const [key, setKey] = useState(filterable[0]?.key ?? '');
  const header = filterable.find((each) => each.key === key) ?? filterable[0];
  if (!header) return null;
  return (
    <Popover
      align="start"
      button="+ Filter"
      buttonClassName="inline-flex h-6 items-center gap-1 rounded-md border border-dashed border-line-strong px-2 text-xs text-muted hover:bg-hover hover:text-fg"
      panelClassName="z-30 rounded-lg border border-line bg-panel text-fg shadow-xl shadow-black/30"
    >
      {(close) => (
        <div className="flex flex-col">
          <label className="flex flex-col gap-1 px-3 pt-3 text-xs text-muted">
            Column
            <select
              // biome-ignore lint/a11y/noAutofocus: adding a filter starts with choosing its column
              autoFocus
              value={header.key}
              onChange={(event) => setKey(event.target.value)}
              className="h-7 rounded-md border border-control bg-canvas px-2 text-sm text-fg focus:border-accent focus:outline-none"
            >
              {filterable.map((each) => (
                <option key={each.key} value={each.key}>
                  {each.label}
                </option>
              ))}
            </select>
          </label>
          <FilterEditor
            key={header.key}
            header={header}
            focusValue={false}
            onApply={(filter) => {
              onAdd(filter);
              close();
            }}
          />
        </div>
      )}
    </Popover>
  );
}

/** The active filters as chips ("Country is US, GB ×": edit by opening, remove with ×), "+ Filter", and extras. */
export function FilterBar({ headers, filters, onChange, children }: FilterBarProps) {
  const byKey = new Map(headers.map((header) => [header.key, header]));
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="toolbar" aria-label="Filters">
      {filters.map((filter, index) => {
        const header = byKey.get(filter.column);
        const text = describeFilter(filter, header);
        const replace = (next: TableFilter | undefined) =>
          onChange(filters.flatMap((each, at) => (at !== index ? [each] : next ? [next] : [])));
        return (
          <span
            key={filterToParam(filter)}
            className="inline-flex h-6 items-center rounded-md border border-accent/40 bg-accent-soft text-xs text-fg"
          >
            {header?.filter ? (
              <FilterPopover
                header={header}
                filter={filter}
                onApply={replace}
                onRemove={() => replace(undefined)}
                button={text}
                buttonLabel={`Edit filter: ${text}`}
                buttonClassName="h-6 max-w-80 truncate rounded-l-md px-2 hover:bg-hover"
              />
            ) : (
              <span className="px-2">{text}</span>
            )}
            <button
              type="button"
              aria-label={`Remove filter: ${text}`}
              onClick={() => replace(undefined)}
              className="h-6 rounded-r-md px-1.5 text-muted hover:bg-hover hover:text-fg"
            >
              ×
            </button>
          </span>
        );
      })}
      <AddFilter headers={headers} onAdd={(filter) => onChange([...filters, filter])} />
      {filters.length > 1 ? (
        <button type="button" onClick={() => onChange([])} className="h-6 px-1.5 text-xs text-muted hover:text-fg">
          Clear all
        </button>
      ) : null}
      <div className="ml-auto flex items-center gap-2">{children}</div>
    </div>
  );
}
