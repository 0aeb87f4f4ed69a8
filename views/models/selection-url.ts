/** A model page's selection as the request body names it: facet values and chart buckets. */
export interface ModelSelection {
  selection: Record<string, string[]>;
  parameters: Record<string, number[]>;
}

export const emptySelection: ModelSelection = { selection: {}, parameters: {} };

/**
 * The selection kept in the address: `f.<facet>=<value>` and `p.<parameter>=<bucket>`, one pair per chosen value, so a
 * pasted link or a reload shows the same photos.
 */
export function selectionFromSearch(search: string): ModelSelection {
  const params = new URLSearchParams(search);
  const result: ModelSelection = { selection: {}, parameters: {} };
  for (const [key, value] of params) {
    const name = key.slice(2);
    if (key.startsWith('f.')) result.selection[name] = [...(result.selection[name] ?? []), value];
    else if (key.startsWith('p.') && /^-?\d+$/.test(value)) {
      result.parameters[name] = [...(result.parameters[name] ?? []), Number(value)];
    }
  }
  return result;
}

export function selectionToSearch(selection: ModelSelection): string {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(selection.selection))
    for (const value of values) params.append(`f.${key}`, value);
  for (const [key, values] of Object.entries(selection.parameters)) {
    for (const value of values) params.append(`p.${key}`, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The selection with one value of a facet (or one bucket of a parameter) switched on or off. */
export function toggled(
  current: ModelSelection,
  part: 'selection' | 'parameters',
  key: string,
  value: string | number,
  only = false,
): ModelSelection {
  const next: ModelSelection = {
    selection: { ...current.selection },
    parameters: { ...current.parameters },
  };
  const list = (next[part] as Record<string, (string | number)[]>)[key] ?? [];
  const has = list.includes(value);
  const updated = only ? (has ? [] : [value]) : has ? list.filter((each) => each !== value) : [...list, value];
  if (updated.length === 0) delete (next[part] as Record<string, unknown>)[key];
  else (next[part] as Record<string, (string | number)[]>)[key] = updated;
  return next;
}

/** How many values the selection narrows by. */
export function selectionSize(selection: ModelSelection): number {
  return (
    Object.values(selection.selection).reduce((sum, values) => sum + values.length, 0) +
    Object.values(selection.parameters).reduce((sum, values) => sum + values.length, 0)
  );
}

/** The selection without one facet or parameter (`part.key`, as a 400's `field` names it); null when it has none. */
export function withoutField(current: ModelSelection, field: string): ModelSelection | null {
  const dot = field.indexOf('.');
  const part = field.slice(0, dot);
  const key = field.slice(dot + 1);
  if (dot < 0 || (part !== 'selection' && part !== 'parameters') || !(key in current[part])) return null;
  const next: ModelSelection = { selection: { ...current.selection }, parameters: { ...current.parameters } };
  delete (next[part] as Record<string, unknown>)[key];
  return next;
}

/** Whether the page was reached by `[` / `]` from a neighbour model (the history entry says so). */
export function reachedByStep(): boolean {
  const state = window.history.state as { modelStep?: boolean } | null;
  return state?.modelStep === true;
}

export const stepHistoryState = { modelStep: true } as const;
