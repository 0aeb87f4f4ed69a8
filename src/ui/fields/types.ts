/** The kinds of input a parameter form can show; each has one component in this folder. */
export type FieldKind = 'text' | 'number' | 'money' | 'select' | 'date' | 'textarea' | 'checkbox' | 'record';

/** One record a chooser offers (`record` fields): what is sent, its name, and the facts shown beside it. */
export interface FieldChoice {
  /** The record's id, as sent. */
  value: string;
  /** Its name: "Smith wedding". */
  label: string;
  /** What tells it apart, in the order shown: date, status, amount… (searched too). */
  details: readonly string[];
}

/** One choice of a select field: the value sent, the label shown. */
export interface FieldOption {
  value: string;
  label: string;
}

/** What a field holds while a person edits it: text as typed (numbers too), or a checkbox's state. */
export type FieldValue = string | boolean;

/** The props every field component takes. */
export interface FieldProps<V extends FieldValue = string> {
  /** The DOM id of the control; the label, hint and error are tied to it. */
  id: string;
  name: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** A validation message; marks the control invalid and is read out with it. */
  error?: string;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Receives the focusable control, so a form can focus its first (or first invalid) field. */
  controlRef?: (element: HTMLElement | null) => void;
}

/** The ids that tie a control to its hint and error, for `aria-describedby`. */
export function describedBy(props: Pick<FieldProps<FieldValue>, 'id' | 'error' | 'hint'>): string | undefined {
  const ids = [props.error ? `${props.id}-error` : null, props.hint ? `${props.id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Shared look of text-like controls. */
export const controlClass =
  'w-full rounded-md border border-control bg-panel px-2.5 py-1.5 text-sm text-fg placeholder:text-faint ' +
  'focus:border-accent focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-danger';
