import { type RefObject, useEffect, useRef } from 'react';
import type { FieldValue } from './types';

/** What a parameter form tells `useFormFocus`. */
export interface FormFocusState {
  /** The fields' names, in the order shown. */
  names: readonly string[];
  values: Readonly<Record<string, FieldValue>>;
  /** Names of the fields that have an error now. */
  invalid: readonly string[];
  /** False while the form cannot take input yet (its values are loading): focus waits for it. */
  ready: boolean;
  /** Goes up once per submit that came back with field errors. */
  rejectedSubmits: number;
}

/** A control that holds no value yet (a checkbox always holds one). */
function isEmpty(value: FieldValue | undefined): boolean {
  return value === undefined || value === '';
}

function focusControl(control: HTMLElement | undefined, select: boolean): void {
  if (!control) return;
  control.focus();
  if (select && control instanceof HTMLInputElement) control.select();
}

/**
 * Where a parameter form puts the focus, and the only times it moves it: when the form opens (once it can take input)
 * to the first field that holds no value, or the submit button when every field is filled (a prefilled field is never
 * the focused one, so typing cannot replace it unseen); after a rejected submit, once, to the first invalid field with
 * its text selected. Edits, re-validation and errors clearing never move it: a keystroke lands where the person put it.
 */
export function useFormFocus(
  controls: RefObject<Map<string, HTMLElement>>,
  form: RefObject<HTMLFormElement | null>,
  state: FormFocusState,
): void {
  const opened = useRef(false);
  const seenRejections = useRef(state.rejectedSubmits);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (!state.ready || opened.current) return;
    opened.current = true;
    const { names, values, invalid } = latest.current;
    const firstInvalid = names.find((name) => invalid.includes(name));
    if (firstInvalid) {
      // Back on the form because the server refused a field: that field, as after any rejected submit.
      focusControl(controls.current.get(firstInvalid), true);
      return;
    }
    const firstEmpty = names.find((name) => isEmpty(values[name]));
    if (firstEmpty) focusControl(controls.current.get(firstEmpty), false);
    else form.current?.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
  }, [state.ready, controls, form]);

  useEffect(() => {
    if (state.rejectedSubmits === seenRejections.current) return;
    seenRejections.current = state.rejectedSubmits;
    const { names, invalid } = latest.current;
    const firstInvalid = names.find((name) => invalid.includes(name));
    if (firstInvalid) focusControl(controls.current.get(firstInvalid), true);
  }, [state.rejectedSubmits, controls]);
}
