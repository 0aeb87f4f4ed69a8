import { z } from 'zod';
import { api } from '../../domain/api';
import {
  type ApprovalRequest,
  approvalKindLabels,
  approvalReasonLabel,
  refundRequestArgs,
} from '../../domain/approvals';
import { idParam } from '../../domain/endpoint';
import { formatMoney } from '../../domain/money';
import { call } from '../../src/http';
import { session } from '../../src/session/store';
import { choicesFrom, type FieldSpec, type Preview, type PreviewLine } from '../define';
import { refundPreview } from '../projects/refund-project';

export const approvalIdForm = z.object({ approval_id: idParam });

/** "3 min", "2 h 10 min": a span of time, for ages and what is left. */
export function spanText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Credit of $250.00 for Kenji Tran". */
export function requestTitle(request: ApprovalRequest): string {
  return `${approvalKindLabels[request.kind]} of ${formatMoney(request.value)} for ${request.customer_name}`;
}

/** The request a command acts on: a chooser over the pending requests (the Approvals page's row menu fills it in). */
export const approvalField: FieldSpec = {
  kind: 'record',
  label: 'Request',
  numeric: true,
  placeholder: 'Type the customer, the requester or the request’s number',
  choices: choicesFrom(
    api.approvals.list,
    () => ({}),
    (answer) =>
      answer
        .filter((request) => request.status === 'PENDING')
        .map((request) => ({
          value: String(request.id),
          label: requestTitle(request),
          details: [`asked by ${request.requested_by_name}`, `#${request.id}`],
        })),
  ),
};

/** Where a decision shows: the list, and the customer's credits and timeline. */
export const approvalViews = [
  api.approvals.list,
  api.users.get,
  api.userDetails.credits,
  api.userDetails.activity,
  api.userDetails.audit,
] as const;

/** Why a request cannot be decided now (gone, decided, expired, one's own), or undefined. */
function whyNot(request: ApprovalRequest | undefined): string | undefined {
  if (!request) return 'This request is not waiting any more (decided, expired or never made).';
  if (request.status === 'EXPIRED') return 'This request has expired (requests wait 24 hours); ask for a new one.';
  if (request.status !== 'PENDING') {
    return `This request was ${request.status.toLowerCase()} already by ${request.decided_by_name ?? 'someone'}.`;
  }
  if (request.requested_by === session.userID) return 'You asked for this one: a second person must decide.';
  return undefined;
}

/** The request as it stands now, read afresh (never from a cache): the list holds every pending one. */
export async function freshRequest(id: number, signal: AbortSignal): Promise<ApprovalRequest | undefined> {
  const list = await call(api.approvals.list, {}, { signal, silent: true });
  return list.find((request) => request.id === id);
}

/** Who asked and how long it may still wait, under every approval's preview. */
function askedLines(request: ApprovalRequest, now: number): PreviewLine[] {
  return [
    { label: 'Asked by', value: `${request.requested_by_name}, ${spanText(now - Date.parse(request.created_at))} ago` },
    { label: 'Waits', value: `${spanText(Date.parse(request.expires_at) - now)} more` },
  ];
}

/** A credit: the customer's credit so far and after. */
async function creditPreview(request: ApprovalRequest, signal: AbortSignal): Promise<Preview> {
  const credits = await call(
    api.userDetails.credits,
    { params: { user_id: request.user_id } },
    { signal, silent: true },
  );
  const balance = credits.total_credits;
  const after = { ...balance, amount: balance.amount + request.value.amount };
  const amount = formatMoney(request.value);
  return {
    headline: `Gives ${request.customer_name} ${amount} of credit now, as ${request.requested_by_name} asked.`,
    lines: [
      { label: approvalKindLabels[request.kind], value: amount, emphasis: true },
      { label: 'Customer', value: `${request.customer_name} (#${request.user_id})` },
      { label: 'Credit given so far', value: formatMoney(balance) },
      { label: 'After this approval', value: formatMoney(after) },
      { label: 'Reason', value: approvalReasonLabel(request.kind, request.args.reason) },
      ...(request.args.description ? [{ label: 'Description', value: request.args.description }] : []),
      ...askedLines(request, Date.now()),
    ],
  };
}

/** A card refund: the project's refundable rest now (its version is sent back: a refund meanwhile is a 409). */
async function cardRefundPreview(request: ApprovalRequest, signal: AbortSignal): Promise<Preview> {
  const args = refundRequestArgs.parse(request.args);
  const left = await call(
    api.refunds.refundable,
    { params: { project_id: args.project_id } },
    { signal, silent: true },
  );
  const preview = refundPreview(left, args, request.customer_name);
  return {
    ...preview,
    headline: `${preview.headline} As ${request.requested_by_name} asked.`,
    lines: [
      ...preview.lines,
      { label: 'Reason', value: approvalReasonLabel(request.kind, args.reason) },
      ...(args.description ? [{ label: 'Description', value: args.description }] : []),
      ...askedLines(request, Date.now()),
    ],
  };
}

/**
 * Approve's confirmation, run afresh each time it opens: the request as it stands (who asked, when, why, how long it
 * may still wait) and what it changes now: the customer's credit so far and after, or the project's refundable rest.
 */
export async function approvalPreview(id: number, signal: AbortSignal): Promise<Preview> {
  const request = await freshRequest(id, signal);
  const why = whyNot(request);
  if (!request) return { headline: `Request #${id}`, lines: [], blocked: why ?? '' };
  const preview =
    request.kind === 'refund' ? await cardRefundPreview(request, signal) : await creditPreview(request, signal);
  const blocked = why ?? preview.blocked;
  return { headline: preview.headline, lines: preview.lines, ...(blocked ? { blocked } : {}) };
}
