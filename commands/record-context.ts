import { proxy, ref } from 'valtio';
import type { QuickAction } from '../domain/tables';
import { quickActionOf, type RowKind } from './quick-actions';
import type { UserTarget } from './target';

/**
 * A record row (a project, a profile, a model) that has the keyboard focus (its menu button, or its row in a grid):
 * the palette lists its commands first.
 */
export interface FocusedRecord {
  kind: Extract<RowKind, 'project' | 'profile' | 'model'>;
  id: number;
  quickActions: readonly QuickAction[];
  /** The customer it belongs to. */
  target: UserTarget;
  /** What its commands' forms start with when `<kind>_id` is not all (a model's customer and version). */
  prefill?: Readonly<Record<string, string>>;
}

/** How the palette names a record's kind ("Model #12"). */
export const recordKindLabels: Record<FocusedRecord['kind'], string> = {
  project: 'Project',
  profile: 'Profile',
  model: 'Model',
};

/** What a command of the record starts with: its own `prefill`, else `{<kind>_id: id}` (`{project_id: '12'}`). */
export function prefillOfRecord(record: FocusedRecord): Record<string, string> {
  return record.prefill ? { ...record.prefill } : { [`${record.kind}_id`]: String(record.id) };
}

/** The record row in context, if any; kept while the palette or a run is open over it. */
export const recordContext = proxy<{ record: FocusedRecord | undefined }>({ record: undefined });

/**
 * The attribute a record row's focusable control carries; focus anywhere else (outside dialogs and grids) clears the
 * record.
 */
export const recordAttribute = 'data-record';

let listening = false;

function onFocusIn(event: FocusEvent): void {
  const element = event.target instanceof Element ? event.target : null;
  // A dialog (the palette, a native <dialog>; a run) opens over the row; a grid sets and clears its focused row's
  // record itself.
  if (!element || element.closest('[role="dialog"], dialog') || element.closest('[role="grid"]')) return;
  if (!element.closest(`[${recordAttribute}]`)) recordContext.record = undefined;
}

/** Makes a record the palette's and the shortcuts' row context (its menu button got the focus). */
export function setFocusedRecord(record: FocusedRecord | undefined): void {
  recordContext.record = record ? ref(record) : undefined;
  if (!listening && typeof document !== 'undefined') {
    listening = true;
    document.addEventListener('focusin', onFocusIn);
  }
}

/** Forgets the record if it is this one (its row went away). */
export function clearFocusedRecord(kind: FocusedRecord['kind'], id: number): void {
  const current = recordContext.record;
  if (current && current.kind === kind && current.id === id) recordContext.record = undefined;
}

/**
 * What a command takes from the row in context (`prefillOfRecord`): `{project_id: '12'}` for a command of that row's
 * kind (refund, re-edit on a project row), nothing otherwise.
 */
export function recordPrefill(
  commandId: string,
  record: FocusedRecord | undefined = recordContext.record,
): Record<string, string> | undefined {
  if (!record || quickActionOf(record.kind, commandId) === undefined) return undefined;
  return prefillOfRecord(record);
}
