import { useCallback, useEffect, useMemo, useState } from 'react';
import { approvalViews, requestTitle, spanText } from '../../commands/approvals/approval-field';
import { commandById } from '../../commands/index';
import { navigateTo } from '../../commands/navigate';
import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import {
  type ApprovalRequest,
  approvalKindLabels,
  approvalReasonLabel,
  approvalStatusLabels,
} from '../../domain/approvals';
import { can, canAny } from '../../domain/permissions';
import type { Header } from '../../domain/tables';
import { revalidateCalls, useCall } from '../../src/http';
import { hearDecision } from '../../src/live/approval-decisions';
import { watchRecord } from '../../src/live/live-stream';
import { useSession } from '../../src/session/store';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { DataTable, localColumn, type RowAction } from '../../src/ui/table';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';

// Fits a laptop's width beside the navigation: the decision of a decided request shows where the time left was.
const headers: readonly Header[] = [
  localColumn('customer_name', 'Customer', 'TEXT'),
  localColumn('value', 'Amount', 'CURRENCY'),
  localColumn('what', 'What', 'TEXT'),
  localColumn('asked_by', 'Asked by', 'TEXT'),
  localColumn('age', 'Waiting', 'TEXT'),
  localColumn('left', 'Expires in', 'TEXT'),
  localColumn('why', 'Reason', 'TEXT'),
  localColumn('menu', '', 'ROW_MENU'),
];

type Row = ApprovalRequest & { what: string; asked_by: string; why: string; age: string; left: string };

function rowOf(request: ApprovalRequest, now: number, me: number | null): Row {
  const why = approvalReasonLabel(request.kind, request.args.reason);
  const decided = request.decided_by_name
    ? `${approvalStatusLabels[request.status]} by ${request.decided_by_name}`
    : '';
  return {
    ...request,
    what: approvalKindLabels[request.kind],
    asked_by: request.requested_by === me ? 'You' : request.requested_by_name,
    // A rejected request shows why it was rejected: what its requester needs to read.
    why:
      request.status === 'REJECTED' && request.reason
        ? `Rejected: “${request.reason}”`
        : request.args.description
          ? `${why}: ${request.args.description}`
          : why,
    age: spanText(now - Date.parse(request.created_at)),
    left:
      request.status === 'PENDING'
        ? spanText(Date.parse(request.expires_at) - now)
        : decided || approvalStatusLabels[request.status],
  };
}

/** Re-renders every half minute, so that ages and what is left stay true on a page left open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Approvals (`/approvals`): requests above a role's threshold waiting for a second person, oldest first, and my own of
 * the last 24 hours with what became of them. Enter on a row someone else asked for opens Approve (a fresh preview,
 * then Enter again); `.` opens the row's menu (approve, reject with a reason, open the customer). Decisions are
 * heard live.
 */
export default function ApprovalsPage() {
  const { userRole, userID } = useSession();
  const allowed = canAny(userRole, ['refund', 'give_credit', 'give_credit_capped']);
  const approver = can(userRole, 'refund');
  const { data, error, isLoading, mutate } = useCall(api.approvals.list, allowed ? {} : null, {
    refreshInterval: 15_000,
  });
  useRefreshAfterRuns(() => void mutate());
  const now = useNow();
  const rows = useMemo(() => (data ?? []).map((request) => rowOf(request, now, userID)), [data, now, userID]);
  const pendingIds = rows
    .filter((row) => row.status === 'PENDING')
    .slice(0, 15)
    .map((row) => row.id)
    .join(',');
  // The pending requests listed are watched: a decision made elsewhere shows at once; mine are told as a notice.
  useEffect(() => {
    if (!pendingIds) return;
    const stops = pendingIds
      .split(',')
      .map((id) => watchRecord(`approval:${id}`, () => void revalidateCalls(...approvalViews)));
    return () => {
      for (const stop of stops) stop();
    };
  }, [pendingIds]);
  useEffect(() => {
    for (const request of data ?? []) {
      if (request.status === 'PENDING' && request.requested_by === userID) {
        hearDecision(request.id, requestTitle(request));
      }
    }
  }, [data, userID]);
  const rowActions = useCallback(
    (row: Row): RowAction[] => {
      const mine = row.requested_by === userID;
      const decide = (id: string): RowAction[] => {
        const command = commandById(id);
        if (!command || row.status !== 'PENDING') return [];
        const disabledReason = !approver
          ? 'Only admins and support masters decide'
          : mine
            ? 'You asked for this one: a second person decides'
            : undefined;
        return [{ id, label: command.title, ...(disabledReason ? { disabledReason } : {}) }];
      };
      return [
        ...decide('approvals.approve'),
        ...decide('approvals.reject'),
        { id: 'open-customer', label: `Open ${row.customer_name}` },
      ];
    },
    [approver, userID],
  );
  if (!allowed) {
    return (
      <EmptyState title="Approvals" message="Your role neither gives credit nor refunds, so nothing waits here." />
    );
  }
  if (!data && isLoading) return <Spinner label="Loading the approval requests" />;
  const waiting = rows.filter((row) => row.status === 'PENDING').length;
  const mine = rows.filter((row) => row.status === 'PENDING' && row.requested_by === userID).length;
  const decidable = (row: Row) => approver && row.status === 'PENDING' && row.requested_by !== userID;
  const subtitle = !approver
    ? `${waiting} waiting: yours, and what became of them; an admin or a support master decides`
    : waiting > 0 && mine === waiting
      ? `${waiting} waiting, all yours: someone else decides them; Enter opens the customer`
      : `${waiting} waiting${mine > 0 ? ` (${mine} yours, for someone else)` : ''}, oldest first: Enter approves after a fresh preview, “.” opens the menu (reject, open the customer)`;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Approvals" subtitle={subtitle} />
      <div className="p-4 md:px-6">
        <DataTable
          id="approvals.list"
          label="Approval requests"
          headers={headers}
          rows={rows}
          state={{ filters: [] }}
          onStateChange={() => {}}
          filterable={false}
          columnSelection={false}
          rowActions={rowActions}
          onRowAction={(row, action) => {
            if (action.id === 'open-customer') navigateTo(`/users/${row.user_id}/credits`);
            else
              void runCommand(action.id, {
                prefill: { approval_id: String(row.id) },
                origin: 'row-menu',
                straightToConfirm: true,
              });
          }}
          onOpen={(row) =>
            decidable(row)
              ? void runCommand('approvals.approve', {
                  prefill: { approval_id: String(row.id) },
                  origin: 'button',
                  straightToConfirm: true,
                })
              : navigateTo(`/users/${row.user_id}/credits`)
          }
          rowLabel={(row) => `${requestTitle(row)}, asked by ${row.requested_by_name}`}
          autoFocus
          className="h-[calc(100vh-160px)] min-h-60"
          empty={
            <EmptyState
              title={error ? 'Could not load the requests' : 'Nothing waits for approval'}
              message={
                error?.message ??
                'Credits and card refunds above a role’s threshold wait here for a second person, for 24 hours.'
              }
            />
          }
        />
      </div>
    </div>
  );
}
