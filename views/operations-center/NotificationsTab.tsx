import { useEffect, useRef } from 'react';
import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import { labelOf } from '../../domain/labels';
import { type NotificationRow, sendingStateLabels, webhookStateLabels } from '../../domain/notifications';
import { notificationCategoryLabels } from '../../domain/user-details';
import { useCall } from '../../src/http';
import { Button } from '../../src/ui/Button';
import { formatDateTime } from '../../src/ui/dates';
import { toast } from '../../src/ui/toast-store';
import { type DetailColumn, DetailTable } from '../user-details/DetailTable';
import { TabState } from '../user-details/TabState';
import { NotificationGenerator } from './NotificationGenerator';
import { OpsRowMenu } from './OpsRowMenu';

function progressText(row: NotificationRow): string {
  return `${row.sent_count.toLocaleString('en-US')} of ${row.recipients_total.toLocaleString('en-US')}`;
}

const columns: readonly DetailColumn<NotificationRow>[] = [
  { header: 'Created', cell: (row) => formatDateTime(row.created_at) },
  { header: 'Title', cell: (row) => <span className="font-medium text-fg">{row.title}</span> },
  { header: 'Category', cell: (row) => notificationCategoryLabels[row.category] },
  { header: 'Status', cell: (row) => `${row.status} · ${sendingStateLabels[row.sending_state]}` },
  {
    header: 'Progress',
    cell: (row) => (
      <span className="flex items-center gap-2">
        <progress max={100} value={row.progress} aria-label={`Notification ${row.id} progress`} className="h-2 w-24" />
        <span className="tabular-nums">{progressText(row)}</span>
      </span>
    ),
  },
  { header: 'Read', cell: (row) => row.read_count.toLocaleString('en-US'), numeric: true },
  { header: 'Send at', cell: (row) => (row.send_at ? formatDateTime(row.send_at) : 'Now') },
  {
    header: 'Webhook',
    cell: (row) => {
      const state = labelOf(webhookStateLabels, row.webhook_state);
      return row.webhook_error ? `${state}: ${row.webhook_error}` : state;
    },
  },
  {
    header: 'Actions',
    cell: (row) => (
      <OpsRowMenu
        kind="broadcast"
        label={`Notification #${row.id}`}
        quickActions={row.quick_actions}
        prefill={{ notification_id: String(row.id) }}
      />
    ),
  },
];

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
  const { data, isLoading, error } = useCall(
    api.notifications.list,
    {},
    {
      refreshInterval: (latest) => (latest?.notifications.some((row) => row.sending_state === 'SENDING') ? 1000 : 0),
    },
  );
  useSendingToasts(data?.notifications);
  return (
    <div className="flex flex-col gap-6">
      <NotificationGenerator />
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
          <DetailTable
            label="Notifications"
            columns={columns}
            rows={data.notifications}
            rowKey={(row) => row.id}
            empty="No notification sent yet."
          />
        ) : (
          <TabState what="the notifications" loading={isLoading} error={error} />
        )}
      </section>
    </div>
  );
}
