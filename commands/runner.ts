import { api } from '../domain/api';
import {
  actionFailedTitle,
  auditIdsOf,
  call,
  nameFailuresOf,
  onUncertainOutcome,
  revalidateCalls,
  showFailuresInPlace,
} from '../src/http';
import { session } from '../src/session/store';
import { toast } from '../src/ui/toast-store';
import { availabilityOf, forbiddenReason, permitted } from './access';
import type { ActionCommand, Command, RunContext } from './define';
import { availabilityBlock } from './field-availability';
import { type FormValues, initialValues, parseForm } from './form-values';
import { commandById } from './index';
import { navigateTo } from './navigate';
import { checkingText, doneText, genericOutcome, unknownText } from './outcome';
import { closePalette } from './palette-state';
import { loadPrefill } from './prefill';
import { armPreviewVersions } from './preview-versions';
import { forgetReadsAhead } from './read-ahead';
import { rememberCommand, rememberUser } from './recents';
import { failed } from './run-failure';
import { type OpenRun, type Origin, paramsOfRun, type RunStep, runner } from './run-state';
import { type UserTarget, userTarget } from './target';
import { toastWithUndo } from './undo-offer';

export { type OpenRun, type Origin, type RunStep, runner } from './run-state';

/** How `runCommand` ended: opened (or navigated), or refused with the reason people were shown. */
export type RunOutcome = { opened: true } | { opened: false; reason: string };

/** What a caller knows when it starts a command. */
export interface RunRequest {
  target?: UserTarget;
  /** Raw form values by field name (deep links, callers that know a value). */
  prefill?: Readonly<Record<string, string>>;
  origin?: Origin;
  /** Called once when this run closes, whether it ran or not. */
  onClose?: () => void;
  /** The prefill names the one record acted on (a row's Enter, a palette entry for it): when it parses, confirm at once. */
  straightToConfirm?: boolean;
}

let serial = 0;
let onClose: (() => void) | undefined;
let controller: AbortController | undefined;

function refuse(reason: string): RunOutcome {
  toast({ title: 'Cannot run this command', message: reason, type: 'negative' });
  return { opened: false, reason };
}

async function withRow(target: UserTarget): Promise<UserTarget> {
  if (target.row) return target;
  const answer = await call(api.users.get, { params: { user_id: target.id } });
  const row = answer.users[0];
  if (!row) throw new Error(`No customer #${target.id}`);
  return userTarget(row);
}

function stepsOf(command: Command, target: UserTarget | undefined): RunStep[] {
  if (command.kind !== 'action') return [];
  const steps: RunStep[] = [];
  if (command.target === 'user' && !target) steps.push('target');
  if (command.params) steps.push('form');
  if (command.confirm || !command.params) steps.push('confirm');
  return steps;
}

/** Loads the command's server prefill for the open run's customer, if it has one (see `PrefillSpec`). */
function startPrefill(command: Command, run: OpenRun): void {
  if (command.kind !== 'action' || !command.prefill || !run.target || !command.params) return;
  const mine = run.serial;
  void loadPrefill(command, run, () => (runner.run?.serial === mine ? runner.run : null));
}

/** Lets the open command's preview read ahead with the form's values (see `PreviewSpec.ahead`). */
function readPreviewAhead(command: Command, run: OpenRun): void {
  if (command.kind === 'action') command.preview?.ahead?.({ target: run.target as never, values: run.values });
}

function finish(): void {
  const closing = runner.run;
  const command = closing?.checking ? commandById(closing.commandId) : undefined;
  if (command?.kind === 'action') {
    toast({ title: 'Outcome unknown', message: unknownText(command.outcome ?? genericOutcome), type: 'negative' });
  }
  const listener = onClose;
  onClose = undefined;
  controller?.abort();
  controller = undefined;
  runner.run = null;
  listener?.();
}

/**
 * Starts a command the one way every caller does (palette, page buttons, row menus, shortcuts, deep links):
 * checks the role's permission and the target's availability, then opens the steps it needs (customer, form,
 * confirmation) in the palette dialog. Navigation commands go at once. Nothing that changes data runs here.
 */
export async function runCommand(id: string, request: RunRequest = {}): Promise<RunOutcome> {
  const command = commandById(id);
  if (!command) return refuse(`There is no command “${id}”.`);
  if (!permitted(command, session.userRole)) return refuse(`“${command.title}”: ${forbiddenReason(command)}.`);
  let target = command.target === 'user' ? request.target : undefined;
  if (target && !target.row && command.kind === 'action') {
    try {
      target = await withRow(target);
    } catch {
      return { opened: false, reason: `No customer #${target.id}` };
    }
  }
  const availability = availabilityOf(command, session.userRole, target);
  if (availability.state === 'hidden') return refuse(`“${command.title}” is not available for ${target?.name}.`);
  if (availability.state === 'disabled') return refuse(availability.reason);
  if (command.kind === 'navigate') {
    if (command.target === 'user' && !target) return refuse(`“${command.title}” needs a customer: open one first.`);
    if (runner.run) finish();
    closePalette();
    rememberCommand(command.id);
    request.onClose?.();
    navigateTo(command.target === 'user' ? command.path(target as UserTarget) : command.path(undefined));
    return { opened: true };
  }
  if (runner.run) finish();
  if (command.immediate) return runAtOnce(command, request);
  const steps = stepsOf(command, target);
  serial += 1;
  onClose = request.onClose;
  runner.run = {
    serial,
    commandId: command.id,
    target,
    steps,
    step: steps[0] ?? 'confirm',
    params: null,
    values: initialValues(command.params, request.prefill),
    errors: { fields: {}, form: null },
    rejectedSubmits: 0,
    parsed: command.params ? null : {},
    busy: false,
    idempotencyKey: crypto.randomUUID(),
    origin: request.origin ?? 'palette',
    fromPalette: (request.origin ?? 'palette') === 'palette',
    result: null,
    prefilling: null,
    quote: null,
    checking: null,
    approval: null,
  };
  if (request.straightToConfirm && command.params && runner.run.step === 'form' && steps.includes('confirm')) {
    const parsed = parseForm(command.params, runner.run.values, { role: session.userRole, target });
    if (parsed.ok) {
      runner.run.parsed = parsed.data;
      runner.run.step = 'confirm';
    }
  }
  startPrefill(command, runner.run);
  readPreviewAhead(command, runner.run);
  return { opened: true };
}

/** An `immediate` command (sign out, switch theme): closes the palette and runs, no form, no review. */
async function runAtOnce(command: ActionCommand, request: RunRequest): Promise<RunOutcome> {
  closePalette();
  rememberCommand(command.id);
  request.onClose?.();
  const controller = new AbortController();
  // Undo's toast names the command to undo (`audit_id`); the others take nothing.
  const params = { ...request.prefill };
  await command.run({ target: undefined, params, idempotencyKey: crypto.randomUUID(), signal: controller.signal });
  return { opened: true };
}

function current(): { run: OpenRun; command: ActionCommand } | undefined {
  const run = runner.run;
  const command = run ? commandById(run.commandId) : undefined;
  if (!run || !command || command.kind !== 'action') return undefined;
  return { run, command };
}

function advance(run: OpenRun): void {
  const next = run.steps[run.steps.indexOf(run.step) + 1];
  if (next) run.step = next;
}

/** Keeps the quote of the preview the confirmation shows (sent with the action). */
export function setQuote(serialOfRun: number, quote: Readonly<Record<string, unknown>> | null): void {
  if (runner.run?.serial === serialOfRun) runner.run.quote = quote;
}

/** The open run's customer, chosen on its target page; refused with the reason when not available for them. */
export async function chooseTarget(chosen: UserTarget): Promise<void> {
  const open = current();
  if (open?.run.step !== 'target') return;
  let target = chosen;
  try {
    target = await withRow(chosen);
  } catch {
    return;
  }
  if (runner.run?.serial !== open.run.serial) return;
  const availability = availabilityOf(open.command, session.userRole, target);
  if (availability.state !== 'enabled') {
    open.run.errors.form =
      availability.state === 'disabled'
        ? `${target.name}: ${availability.reason}`
        : `“${open.command.title}” is not available for ${target.name}.`;
    return;
  }
  open.run.target = target;
  open.run.errors.form = null;
  advance(open.run);
  startPrefill(open.command, open.run);
}

/** Changes one field of the open form and clears its error. */
export function setValue(name: string, value: FormValues[string]): void {
  const run = runner.run;
  if (!run || run.busy) return;
  run.values[name] = value;
  delete run.errors.fields[name];
  const command = commandById(run.commandId);
  if (command) readPreviewAhead(command, run);
}

/** Enter on the form: validates with the command's schema; on to the confirmation, or runs when there is none. */
export function submitForm(): Promise<void> {
  const open = current();
  if (!open || open.run.busy || open.run.prefilling || !open.command.params) return Promise.resolve();
  const params = paramsOfRun(open.run, open.command.params) ?? open.command.params;
  const result = parseForm(params, open.run.values, { role: session.userRole, target: open.run.target });
  if (!result.ok) {
    open.run.errors = result.errors;
    open.run.rejectedSubmits += 1;
    return Promise.resolve();
  }
  const blocked = availabilityBlock(params, open.run.values, open.run.serial);
  if (blocked) {
    open.run.errors = blocked;
    open.run.rejectedSubmits += 1;
    return Promise.resolve();
  }
  open.run.errors = { fields: {}, form: null };
  open.run.parsed = result.data;
  open.run.approval = null;
  if (open.run.steps.includes('confirm')) {
    advance(open.run);
    return Promise.resolve();
  }
  return execute();
}

/** The confirmation's button: runs the command. */
export function confirmRun(): Promise<void> {
  const open = current();
  if (open?.run.step !== 'confirm') return Promise.resolve();
  return execute();
}

async function execute(): Promise<void> {
  const open = current();
  if (!open || open.run.busy || !open.run.parsed) return;
  const { run, command } = open;
  if (command.target === 'user' && !run.target) return;
  run.busy = true;
  run.errors.form = null;
  const mine = run.serial;
  controller = new AbortController();
  // Its calls' failures are shown on the open form or confirmation (`failed`), not toasted as well; their titles name
  // the command ("Give credit failed") instead of the spec's generic "Server error".
  nameFailuresOf(controller.signal, actionFailedTitle(command.title));
  showFailuresInPlace(controller.signal);
  armPreviewVersions(controller.signal, run.serial);
  // No answer (network, timeout): the call asks again with the same key until it learns the outcome, and says so.
  const words = command.outcome ?? genericOutcome;
  onUncertainOutcome(controller.signal, () => {
    if (runner.run?.serial === mine) runner.run.checking = checkingText(words);
  });
  const context: RunContext = {
    target: run.target,
    params: run.parsed as Record<string, unknown>,
    idempotencyKey: run.idempotencyKey,
    signal: controller.signal,
    ...(run.quote ? { quote: run.quote } : {}),
  };
  let answer: unknown;
  try {
    answer = await command.run(context);
  } catch (error) {
    if (runner.run?.serial !== mine) return;
    failed(runner.run, command, error);
    return;
  }
  const checked = runner.run?.serial === mine && runner.run.checking !== null;
  if (checked && runner.run) runner.run.checking = null;
  rememberCommand(command.id);
  if (context.target) rememberUser(context.target);
  const message = command.successMessage?.(context);
  // One undoable call made (the server answered its audit row): the success toast offers Undo for 10 s.
  const [auditId, ...more] = auditIdsOf(controller.signal);
  const said = checked
    ? { title: message ?? command.title, message: doneText(words, answer) }
    : message
      ? { title: message }
      : null;
  if (auditId !== undefined && more.length === 0) {
    const undo = () => void runCommand('self.undo', { prefill: { audit_id: String(auditId) }, origin: 'shortcut' });
    toastWithUndo(auditId, command, said ?? { title: `${command.title}: done` }, undo);
  } else if (said) toast({ ...said, type: 'positive' });
  forgetReadsAhead();
  void revalidateCalls(...command.revalidates);
  const shown = runner.run?.serial === mine ? command.result?.(answer, context) : undefined;
  if (shown && runner.run) {
    runner.run.busy = false;
    runner.run.result = shown;
    runner.run.step = 'result';
    return;
  }
  if (runner.run?.serial === mine) {
    finish();
    closePalette();
  }
}

/** Escape or Backspace: one step back; from the first step, the run closes (back to the palette's root if it came from there). */
export function stepBack(): void {
  const run = runner.run;
  if (!run || run.busy) return;
  if (run.step === 'result') {
    finish();
    closePalette();
    return;
  }
  const index = run.steps.indexOf(run.step);
  const previous = index > 0 ? run.steps[index - 1] : undefined;
  if (previous) {
    run.step = previous;
    run.errors.form = null;
    return;
  }
  const fromPalette = run.fromPalette;
  finish();
  if (!fromPalette) closePalette();
}

/** Closes the open run without running it (the dialog was dismissed). */
export function cancelRun(): void {
  if (runner.run) finish();
}
