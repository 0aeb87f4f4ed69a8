import { api } from '../domain/api';
import { actionFailedTitle, nameFailuresOf, revalidateCalls, showFailuresInPlace } from '../src/http';
import { hearDecision } from '../src/live/approval-decisions';
import { toast } from '../src/ui/toast-store';
import type { RunContext } from './define';
import { commandById } from './index';
import { closePalette } from './palette-state';
import { rememberUser } from './recents';
import { cancelRun, runner } from './runner';

/** The toast once a request is sent. */
export const sentForApprovalTitle = 'Sent for approval';

/**
 * The confirmation's "Request approval" (the server answered `approval_required`): sends the confirmed arguments as a
 * request for a second person, says so, and listens for the decision on the live stream (`hearDecision`).
 */
export async function requestApproval(): Promise<void> {
  const run = runner.run;
  const command = run ? commandById(run.commandId) : undefined;
  if (!run || command?.kind !== 'action' || !command.approval || !run.approval || run.busy || !run.parsed) return;
  run.busy = true;
  run.errors.form = null;
  const mine = run.serial;
  const signal = new AbortController().signal;
  nameFailuresOf(signal, actionFailedTitle('Request approval'));
  showFailuresInPlace(signal);
  const context: RunContext = {
    target: run.target,
    params: run.parsed as Record<string, unknown>,
    idempotencyKey: run.idempotencyKey,
    signal,
  };
  let asked: { id: number };
  try {
    asked = await command.approval.request(context as never);
  } catch (error) {
    if (runner.run?.serial !== mine) return;
    runner.run.busy = false;
    runner.run.errors.form = error instanceof Error ? error.message : 'The request could not be sent';
    return;
  }
  const what = command.approval.what(context as never);
  hearDecision(asked.id, what);
  toast({
    title: sentForApprovalTitle,
    message: `${what} waits for a second person: an admin or a support master approves or rejects it within 24 hours.`,
    type: 'positive',
    timeout: 4000,
  });
  if (context.target) rememberUser(context.target);
  void revalidateCalls(api.approvals.list);
  if (runner.run?.serial === mine) {
    cancelRun();
    closePalette();
  }
}
