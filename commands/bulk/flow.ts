import { proxy } from 'valtio';
import { api } from '../../domain/api';
import type { BulkPreflight } from '../../domain/bulk';
import { bulkCommands } from '../../domain/bulk-commands';
import type { Role } from '../../domain/roles';
import { call } from '../../src/http';
import { session } from '../../src/session/store';
import { toast } from '../../src/ui/toast-store';
import { forbiddenReason, permitted } from '../access';
import type { ActionCommand } from '../define';
import { type FormErrors, type FormValues, fieldOfServerError, initialValues, parseForm } from '../form-values';
import { allCommands, commandById } from '../index';
import { closePalette } from '../palette-state';
import { trackRun } from './progress';
import { type BulkSelection, customersCount } from './selection';

/** The bulk form of a command, open in the palette: its form once, the server's pre-flight, the confirmation. */
export interface BulkFlow {
  serial: number;
  commandId: string;
  selection: BulkSelection;
  step: 'form' | 'confirm';
  values: FormValues;
  errors: FormErrors;
  /** Goes up once per submit that came back with field errors (the form then focuses the first invalid field). */
  rejectedSubmits: number;
  parsed: Record<string, unknown> | null;
  /** The server's count of what the run would do; null while it loads. */
  preflight: BulkPreflight | null;
  /** Runs over more than the documented maximum need this ticked (the second confirmation). */
  confirmOverMax: boolean;
  busy: boolean;
}

export const bulkFlow = proxy<{ open: BulkFlow | null }>({ open: null });

let serial = 0;

/** The commands that run in bulk, in the registry's order. */
export function bulkCapable(): ActionCommand[] {
  return allCommands.filter((command): command is ActionCommand => command.kind === 'action' && !!command.bulk);
}

/** The bulk commands the role may run. */
export function bulkCommandsFor(role: Role | null | undefined): ActionCommand[] {
  return bulkCapable().filter((command) => permitted(command, role));
}

/** "Unsuspend 12 customers", "Give credit to 3 customers" */
export function bulkTitle(command: ActionCommand, count: number): string {
  const verb = command.bulk ? bulkCommands[command.bulk].verb : command.title;
  return `${verb} ${customersCount(count)}`;
}

/** Opens the bulk form of a command for a selection (palette entry, row menu); refused with a toast when not allowed. */
export function startBulk(commandId: string, selection: BulkSelection): boolean {
  const command = commandById(commandId);
  if (command?.kind !== 'action' || !command.bulk) return false;
  if (!permitted(command, session.userRole)) {
    toast({ title: 'Cannot run this command', message: forbiddenReason(command), type: 'negative' });
    return false;
  }
  serial += 1;
  bulkFlow.open = {
    serial,
    commandId,
    selection,
    step: command.params ? 'form' : 'confirm',
    values: initialValues(command.params),
    errors: { fields: {}, form: null },
    rejectedSubmits: 0,
    parsed: command.params ? null : {},
    preflight: null,
    confirmOverMax: false,
    busy: false,
  };
  if (!command.params) void loadPreflight();
  return true;
}

function openCommand(): { flow: BulkFlow; command: ActionCommand } | null {
  const flow = bulkFlow.open;
  const command = flow ? commandById(flow.commandId) : undefined;
  if (!flow || !command || command.kind !== 'action' || !command.bulk) return null;
  return { flow, command };
}

function bodyOf(flow: BulkFlow, command: ActionCommand) {
  return {
    command: command.bulk as NonNullable<ActionCommand['bulk']>,
    target: flow.selection.target,
    params: flow.parsed ?? {},
    confirm_over_max: flow.confirmOverMax,
  };
}

/** A server refusal: under its field (`params.amount` → amount, back on the form) or above the buttons. */
function showFailure(flow: BulkFlow, command: ActionCommand, error: unknown): void {
  const failure = error as { message?: unknown; field?: unknown };
  const message = typeof failure.message === 'string' ? failure.message : 'The server refused the run';
  const raw = typeof failure.field === 'string' ? failure.field.replace(/^params\./, '') : undefined;
  const field = fieldOfServerError(command.params, raw);
  if (field) {
    flow.errors.fields[field] = message.replace(/^[\w./]+: /, '');
    flow.step = 'form';
    flow.rejectedSubmits += 1;
  } else {
    flow.errors.form = message;
  }
}

async function loadPreflight(): Promise<void> {
  const open = openCommand();
  if (!open) return;
  const { flow, command } = open;
  const mine = flow.serial;
  flow.preflight = null;
  flow.errors.form = null;
  try {
    const answer = await call(api.bulkRuns.preflight, { body: bodyOf(flow, command) });
    if (bulkFlow.open?.serial === mine) bulkFlow.open.preflight = answer;
  } catch (error) {
    if (bulkFlow.open?.serial === mine) showFailure(bulkFlow.open, command, error);
  }
}

export function setBulkValue(name: string, value: FormValues[string]): void {
  const flow = bulkFlow.open;
  if (!flow || flow.busy) return;
  flow.values[name] = value;
  delete flow.errors.fields[name];
}

/** Enter on the form: the command's own checks, then the pre-flight. */
export function submitBulkForm(): void {
  const open = openCommand();
  if (!open?.command.params) return;
  const result = parseForm(open.command.params, open.flow.values, { role: session.userRole, target: undefined });
  if (!result.ok) {
    open.flow.errors = result.errors;
    open.flow.rejectedSubmits += 1;
    return;
  }
  open.flow.errors = { fields: {}, form: null };
  open.flow.parsed = result.data;
  open.flow.step = 'confirm';
  void loadPreflight();
}

export function setConfirmOverMax(value: boolean): void {
  if (bulkFlow.open) bulkFlow.open.confirmOverMax = value;
}

/** The confirmation's button: starts the run, closes the palette, and follows the run in a progress toast. */
export async function confirmBulk(): Promise<void> {
  const open = openCommand();
  if (!open || open.flow.busy || !open.flow.preflight) return;
  const { flow, command } = open;
  if (flow.preflight?.needs_second_confirmation && !flow.confirmOverMax) {
    flow.errors.form = 'Tick the second confirmation first: this run is over the maximum.';
    return;
  }
  flow.busy = true;
  const mine = flow.serial;
  try {
    const run = await call(api.bulkRuns.create, { body: bodyOf(flow, command) });
    trackRun(run, command.revalidates);
    if (bulkFlow.open?.serial === mine) closeBulk();
    closePalette();
  } catch (error) {
    if (bulkFlow.open?.serial !== mine) return;
    bulkFlow.open.busy = false;
    showFailure(bulkFlow.open, command, error);
  }
}

/** Escape: back to the form from the confirmation, else closed. */
export function bulkBack(): void {
  const flow = bulkFlow.open;
  if (!flow || flow.busy) return;
  const command = commandById(flow.commandId);
  if (flow.step === 'confirm' && command?.kind === 'action' && command.params) {
    flow.step = 'form';
    flow.errors.form = null;
    return;
  }
  closeBulk();
}

export function closeBulk(): void {
  bulkFlow.open = null;
}
