import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import { type NotificationRow, sendingStateLabels } from '../../domain/notifications';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { DataTable, type RowAction, sortRowsLocally, type TableSelection, useTableUrlState } from '../../src/ui/table';
import { toast } from '../../src/ui/toast-store';
import { areaRowMenu, runWithRow } from '../partners-management/row-menu';
import { TabState } from '../user-details/TabState';
import { NotificationGenerator } from './NotificationGenerator';

function progressText(row: NotificationRow): string {
  return `${row.sent_count.toLocaleString('en-US')} of ${row.recipients_total.toLocaleString('en-US')}`;
}

/** A list row: the server's, with its progress as `sent/total` (what the PROGRESS cell draws as a bar). */
type BroadcastTableRow = Omit<NotificationRow, 'progress'> & { progress: string };

function tableRow(row: NotificationRow): BroadcastTableRow {
  return { ...row, progress: `${row.sent_count}/${row.recipients_total}` };
}

/** Toasts once when a sending this page watched ends (sent, cancelled or failed). */
function useSendingToasts(rows: readonly NotificationRow[] | undefined) {
  const seen = useRef(new Map<number, NotificationRow['sending_state']>());
  useEffect(() => {
    for (const row of rows ?? []) {
      const before = seen.current.get(row.id);
      if (before === 'SENDING' && row.sending_state === 'SENT') {
        toast({ title: `“${row.title}” sent`, message: `${progressText(row)} customers` });
      } else if (before === 'SENDING' && row.sending_state !== 'SENDING') {
        toast({ title: `“${row.title}”: ${sendingStateLabels[row.sending_state]}`, type: 'info' });
      }
      seen.current.set(row.id, row.sending_state);
    }
  }, [rows]);
}

/**
 * Notifications (`/operations-center/notifications`): the generator (live preview, JSON to copy), "Send notification"
 * to a segment, and every notification with its progress, refreshed every second while one is sending.
 */
export function NotificationsTab() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { data, isLoading, error } = useCall(
    api.notifications.list,
    {},
    {
      refreshInterval: (latest) => (latest?.notifications.some((row) => row.sending_state === 'SENDING') ? 1000 : 0),
    },
  );
  useSendingToasts(data?.notifications);
  // The notification just sent from the generator, marked in the list until the person moves on (Escape clears it).
  const [sentId, setSentId] = useState<number | null>(null);
  const highlight = useMemo<TableSelection | undefined>(
    () => (sentId === null ? undefined : { ids: new Set([sentId]), allMatching: false, anchor: null }),
    [sentId],
  );
  const rows = useMemo(
    () => sortRowsLocally((data?.notifications ?? []).map(tableRow), state.sort, data?.headers ?? []),
    [data, state.sort],
  );
  const rowActions = useCallback(
    (row: BroadcastTableRow) => areaRowMenu('broadcast', row.quick_actions, userRole),
    [userRole],
  );
  const onRowAction = useCallback(
    (row: BroadcastTableRow, action: RowAction) => runWithRow(action, { notification_id: String(row.id) }),
    [],
  );
  return (
    <div className="flex flex-col gap-6">
      <NotificationGenerator existing={(data?.notifications ?? []).map((row) => row.id)} onSent={setSentId} />
      <section aria-labelledby="notification-list" className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <h2 id="notification-list" className="text-sm font-semibold text-fg">
            Sent and scheduled
          </h2>
          <Button size="sm" onClick={() => void runCommand('notification.send', { origin: 'button' })}>
            Send notification
          </Button>
        </div>
        {data ? (
          <DataTable
            id="notifications"
            label="Notifications"
            headers={data.headers}
            rows={rows}
            state={state}
            onStateChange={setState}
            filterable={false}
            rowActions={rowActions}
            onRowAction={onRowAction}
            rowLabel={(row) => `Notification #${row.id}${row.id === sentId ? ', just sent' : ''}`}
            selection={highlight}
            onSelectionChange={highlight ? () => setSentId(null) : undefined}
            className="h-[32rem]"
            toolbar={<span className="text-xs text-muted">{countOf(rows.length, 'notification')}</span>}
            empty={<EmptyState title="No notification sent yet" message="Send one to a segment of customers." />}
          />
        ) : (
          <TabState what="the notifications" loading={isLoading} error={error} />
        )}
      </section>
    </div>
  );
}
