import { proxy } from 'valtio';
import type { ParamsSpec, RunResult } from './define';
import type { FormErrors, FormValues } from './form-values';
import type { UserTarget } from './target';

/** Where a run was started; every origin goes through the same checks and steps. */
export type Origin = 'palette' | 'button' | 'row-menu' | 'shortcut' | 'deep-link';

/** The pages of a run: ask for a customer, fill the form, confirm (or review a command that has no form). */
export type RunStep = 'target' | 'form' | 'confirm' | 'result';

/** One opened command: what it acts on, what was typed, where it stands. */
export interface OpenRun {
  /** Different for every opened form. */
  serial: number;
  commandId: string;
  target: UserTarget | undefined;
  steps: RunStep[];
  step: RunStep;
  /**
   * The form as the server shaped it (its prefill named typed fields: the contract forms' `input_fields`), held by
   * `ref`; null: the command's own params. Read it through `paramsOfRun`.
   */
  params: ParamsSpec | null;
  values: FormValues;
  errors: FormErrors;
  /**
   * Counts the submits that came back to the form with field errors: the form focuses the first invalid field once
   * per count (never on a re-validation while someone types).
   */
  rejectedSubmits: number;
  /** The parsed parameters, once the form validated. */
  parsed: Record<string, unknown> | null;
  busy: boolean;
  /** Made when the form opens; every submit of this form sends the same one. */
  idempotencyKey: string;
  origin: Origin;
  /** Started from the palette's root page: stepping back from the first step returns there. */
  fromPalette: boolean;
  /** What the command showed after it ran (the `result` step). */
  result: RunResult | null;
  /** The form's starting values are being loaded from the server: what it says meanwhile. */
  prefilling: string | null;
  /** The call got no answer and is being asked again: what the confirmation says meanwhile ("Checking whether…"). */
  checking: string | null;
  /**
   * The server answered that this amount needs a second person's approval: why, in words; the confirmation then offers
   * "Request approval" instead of running the command.
   */
  approval: string | null;
  /** The quote of the preview shown on the confirmation (sent with the action). */
  quote: Readonly<Record<string, unknown>> | null;
}

/** The open run's form: as the server shaped it, else the command's own. */
export function paramsOfRun(
  run: { readonly params: object | null } | null | undefined,
  own: ParamsSpec | undefined,
): ParamsSpec | undefined {
  // A snapshot's `params` is the very object the run holds (kept by `ref`, never proxied).
  return (run?.params as ParamsSpec | null | undefined) ?? own;
}

/** The runner's state: at most one open run, shown by the palette dialog. */
export const runner = proxy<{ run: OpenRun | null }>({ run: null });
