import { actionFailedTitle, failureTitle, revalidateCalls } from '../src/http';
import type { ActionCommand } from './define';
import { fieldOfServerError } from './form-values';
import { serverMessageInWords } from './issue-words';
import { genericOutcome, notDoneText } from './outcome';
import { type OpenRun, paramsOfRun } from './run-state';

/** "amount: credits above $200.00 need … for your role; request approval" → "Credits above $200.00 need … for your role." */
export function approvalReason(message: string): string {
  const text = message
    .replace(/^[\w./]+: /, '')
    .replace(/; request approval$/, '')
    .trim();
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : 'This amount needs a second person’s approval.';
}

/** Failures that still changed something (a declined card leaves its FAILED charge and a retry count behind). */
const changedAnyway = new Set(['payment_declined']);

/** Refusals whose title (a permission, someone else's change, a rate limit) goes before the message on the form. */
const titledStatuses: ReadonlySet<number> = new Set([403, 409, 429]);

/**
 * A command's call failed: the message goes under its field (back on the form) or above the buttons, its one place
 * (the run's calls are not toasted, see `showFailuresInPlace`); a decline that
 * kept its record refreshes the views; a final 4xx starts a new Idempotency-Key for the next submit.
 */
export function failed(run: OpenRun, command: ActionCommand, error: unknown): void {
  run.busy = false;
  const checked = run.checking !== null;
  run.checking = null;
  const apiError = error as { code?: unknown; message?: unknown; field?: unknown };
  if (apiError.code === 'cancel_request') return;
  if (typeof apiError.code === 'string' && changedAnyway.has(apiError.code)) {
    void revalidateCalls(...command.revalidates);
  }
  // The server answered this key for good (its answer is stored and would be replayed): the next submit is a new
  // request. Unknown outcomes (5xx, no answer) and a key still running keep it, so a resubmit cannot act twice.
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
  if (status >= 400 && status < 500 && apiError.code !== 'idempotency_in_progress') {
    run.idempotencyKey = crypto.randomUUID();
  }
  const message = typeof apiError.message === 'string' ? apiError.message : 'The command failed';
  // Above the role's threshold: the confirmation stays, offering to ask a second person (`ApprovalSpec`).
  if (apiError.code === 'approval_required' && command.approval) {
    run.approval = approvalReason(typeof apiError.message === 'string' ? apiError.message : '');
    run.step = 'confirm';
    return;
  }
  // Asked again after no answer, the server refused it: say plainly that the money did not move.
  const outcome = (why: string) => (checked ? notDoneText(command.outcome ?? genericOutcome, why) : why);
  const params = paramsOfRun(run, command.params);
  const field = fieldOfServerError(params, typeof apiError.field === 'string' ? apiError.field : undefined);
  if (field) {
    run.errors.fields[field] = serverMessageInWords(message, params?.fields[field]);
    if (checked) run.errors.form = outcome(run.errors.fields[field]);
    run.step = 'form';
    run.rejectedSubmits += 1;
  } else {
    // A refusal's title where it says what the message may not: "Not allowed — …", "Conflict: changed by someone else — …".
    const title = failureTitle({ status, code: String(apiError.code ?? '') }, actionFailedTitle(command.title));
    const says = titledStatuses.has(status) && title !== actionFailedTitle(command.title);
    run.errors.form = outcome(says ? `${title} — ${message}` : message);
  }
}
