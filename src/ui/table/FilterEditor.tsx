import { type FormEvent, useId, useState } from 'react';
import { type TableFilter, tableFilterSchema } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { Button } from '../Button';
import { parseTypedDate } from '../date-parse';
import { staffTimeZone } from '../day-meaning';
import { operatorsOf } from './filter-text';
import { optionLabel } from './format';

export interface FilterEditorProps {
  header: Header;
  /** The filter being edited; a new one when absent. */
  filter?: TableFilter;
  onApply: (filter: TableFilter) => void;
  onRemove?: () => void;
  /** Put the caret in the value at once (default true; false where something comes first, e.g. a column choice). */
  focusValue?: boolean;
}

interface Draft {
  op: string;
  value: string;
  to: string;
  chosen: string[];
}

function draftOf(header: Header, filter: TableFilter | undefined): Draft {
  const kind = header.filter ?? 'text';
  const draft: Draft = { op: operatorsOf(kind)[0]?.value ?? 'equal', value: '', to: '', chosen: [] };
  if (!filter) return draft;
  draft.op = filter.op;
  if (filter.kind === 'multi') draft.chosen = [...filter.value];
  else if (filter.kind === 'date' && filter.op === 'range') Object.assign(draft, { value: filter.from, to: filter.to });
  else draft.value = String(filter.value);
  return draft;
}

/** The filter a draft describes, for this column's kind (unvalidated). */
function filterFromDraft(header: Header, draft: Draft): unknown {
  const base = { column: header.key, kind: header.filter, op: draft.op };
  if (header.filter === 'multi') return { ...base, value: draft.chosen };
  if (header.filter === 'number')
    return { ...base, value: draft.value.trim() === '' ? Number.NaN : Number(draft.value) };
  if (header.filter === 'date' && draft.op === 'range') return { ...base, from: draft.value, to: draft.to };
  return { ...base, value: draft.value };
}

const control =
  'h-7 rounded-md border border-control bg-canvas px-2 text-sm text-fg focus:border-accent focus:outline-none';

/** Edits one column's filter by its kind: operator, then a value, two dates, or the header's options as checkboxes. */
export function FilterEditor({ header, filter, onApply, onRemove, focusValue = true }: FilterEditorProps) {
  const [draft, setDraft] = useState(() => draftOf(header, filter));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const kind = header.filter ?? 'text';
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent): void {
    event.preventDefault();
    let typed = draft;
    if (kind === 'date') {
      // Dates are typed (`31/12`, `+7d`, `last monday`…) in the staff member's zone and sent as the day they name; the
      // list call carries the same zone (`filterQueryOf`), so the server counts that day there.
      const zone = staffTimeZone();
      const days = [draft.value, ...(draft.op === 'range' ? [draft.to] : [])].map((text) =>
        parseTypedDate(text, new Date(), zone),
      );
      const refused = days.find((day) => !day.ok);
      if (refused && !refused.ok) {
        setError(refused.reason);
        return;
      }
      const [from, to] = days.map((day) => (day.ok ? day.iso : ''));
      typed = { ...draft, value: from ?? '', to: to ?? '' };
    }
    const parsed = tableFilterSchema.safeParse(filterFromDraft(header, typed));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(kind === 'number' ? 'Type a number' : (issue?.message ?? 'Check the value'));
      return;
    }
    onApply(parsed.data);
  }

  const inputType = kind === 'number' ? 'number' : 'text';
  const inWords = (text: string) => {
    const day = kind === 'date' && text.trim() ? parseTypedDate(text) : undefined;
    return day?.ok ? day.words : undefined;
  };
  const fromWords = inWords(draft.value);
  const toWords = draft.op === 'range' ? inWords(draft.to) : undefined;
  return (
    <form onSubmit={submit} className="flex w-64 flex-col gap-2 p-3" aria-label={`Filter ${header.label}`}>
      <p className="text-xs font-medium text-muted">{header.label}</p>
      <select
        aria-label="Operator"
        value={draft.op}
        onChange={(event) => set({ op: event.target.value })}
        className={control}
      >
        {operatorsOf(kind).map((op) => (
          <option key={op.value} value={op.value}>
            {op.label}
          </option>
        ))}
      </select>
      {kind === 'multi' ? (
        <fieldset className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          <legend className="sr-only">Values</legend>
          {(header.options ?? []).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className="size-3.5 accent-(--color-accent)"
                checked={draft.chosen.includes(option)}
                onChange={(event) =>
                  set({
                    chosen: event.target.checked
                      ? [...draft.chosen, option]
                      : draft.chosen.filter((value) => value !== option),
                  })
                }
              />
              {optionLabel(option, header.option_labels)}
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="flex flex-col gap-1">
          <input
            id={`${id}-value`}
            aria-label={draft.op === 'range' ? 'From' : 'Value'}
            type={inputType}
            placeholder={kind === 'date' ? '31/12, 31 Dec, +7d, next monday' : undefined}
            step={kind === 'number' ? 'any' : undefined}
            value={draft.value}
            onChange={(event) => set({ value: event.target.value })}
            className={control}
            // biome-ignore lint/a11y/noAutofocus: the editor opens to type a value
            autoFocus={focusValue}
          />
          {kind === 'date' && draft.op === 'range' ? (
            <input
              aria-label="To"
              type="text"
              value={draft.to}
              onChange={(event) => set({ to: event.target.value })}
              className={control}
            />
          ) : null}
          {fromWords || toWords ? (
            <p className="text-xs text-muted" aria-live="polite">
              {/* The zone the day is counted in (the list call carries it): "Thu 31 Dec 2026, Europe/Dublin". */}
              {`${[fromWords, toWords].filter(Boolean).join(' – ')}, ${staffTimeZone()}`}
            </p>
          ) : null}
        </div>
      )}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onRemove ? (
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        ) : null}
        <Button size="sm" variant="primary" type="submit">
          Apply
        </Button>
      </div>
    </form>
  );
}
