import { api } from '../../domain/api';
import { call, revalidateCalls } from '../http';
import { toast } from '../ui/toast-store';
import { type LiveChange, watchRecord } from './live-stream';

/** How long the notice of a decision stays: it is news about one's own request, read after a glance. */
export const decisionNoticeMs = 10_000;

const listening = new Map<number, () => void>();

/** The reason a request was rejected with, read back from the list (the requester's own of the last 24 h are in it). */
async function rejectionReason(id: number): Promise<string | null> {
  try {
    const list = await call(api.approvals.list, {}, { silent: true });
    return list.find((request) => request.id === id)?.reason ?? null;
  } catch {
    return null;
  }
}

async function tell(change: LiveChange, what: string): Promise<void> {
  void revalidateCalls(api.approvals.list, api.users.get, api.userDetails.credits, api.userDetails.activity);
  if (change.call_id === 'approvals.approve') {
    toast({ title: `Approved: ${what}`, message: `${change.text}.`, type: 'positive', timeout: decisionNoticeMs });
    return;
  }
  const reason = await rejectionReason(Number(change.target));
  toast({
    title: `Rejected: ${what}`,
    message: reason ? `${change.text}: “${reason}”` : `${change.text}.`,
    type: 'negative',
    timeout: decisionNoticeMs,
  });
}

/**
 * Listens on the tab's live stream for the decision on one of my approval requests (`approval:<id>`): the approval or
 * the rejection (with its reason) is told as a notice, once, and the views that show it are refreshed.
 */
export function hearDecision(id: number, what: string): void {
  if (listening.has(id)) return;
  const stop = watchRecord(`approval:${id}`, (change) => {
    if (change.call_id !== 'approvals.approve' && change.call_id !== 'approvals.reject') return;
    listening.get(id)?.();
    listening.delete(id);
    void tell(change, what);
  });
  listening.set(id, stop);
}
