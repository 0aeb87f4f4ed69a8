import { ref } from 'valtio';
import { emptyValue } from '../src/ui/fields/Field';
import type { ActionCommand, Prefill } from './define';
import { type OpenRun, paramsOfRun } from './run-state';

/**
 * Fills the open run's empty fields from the command's server prefill (values someone already gave win). While it
 * loads, `prefilling` says so and the form waits; a failure leaves the fields empty and says why, and the form still
 * works (an empty field means the server's default).
 */
export async function loadPrefill(command: ActionCommand, run: OpenRun, current: () => OpenRun | null): Promise<void> {
  if (!command.prefill || !run.target) return;
  run.prefilling = 'Loading the current values…';
  let answer: Prefill;
  try {
    answer = await command.prefill.load({ target: run.target as never, signal: new AbortController().signal });
  } catch (error) {
    const open = current();
    if (!open) return;
    open.prefilling = null;
    open.errors.form = `The current values could not be loaded: ${(error as Error).message}`;
    return;
  }
  const open = current();
  if (!open) return;
  if (answer.params) {
    // The server's fields: each one it names that the form did not have starts empty, then takes its value below.
    open.params = ref(answer.params);
    for (const [name, field] of Object.entries(answer.params.fields)) open.values[name] ??= emptyValue(field.kind);
  }
  const fields = paramsOfRun(open, command.params)?.fields ?? {};
  for (const [name, value] of Object.entries(answer.values)) {
    if (name in fields && (open.values[name] === '' || open.values[name] === undefined)) open.values[name] = value;
  }
  open.prefilling = null;
}
