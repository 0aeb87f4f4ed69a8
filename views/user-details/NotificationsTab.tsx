import { api } from '../../domain/api';
import { notificationCategoryLabels } from '../../domain/user-details';
import { useCall } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { formatId } from '../../src/ui/ids';
import { CommandButton } from './CommandButton';
import { DetailTable } from './DetailTable';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** Notifications: the customer's in-app notifications; each can be deleted through its command (with a confirmation). */
export function NotificationsTab({ row, target }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.notifications, { params: { user_id: row.id } });
  if (!data) return <TabState what="the notifications" loading={isLoading} error={error} />;
  return (
    <DetailTable
      label="Notifications"
      rows={data.notifications}
      rowKey={(notification) => notification.id}
      empty="No notifications."
      columns={[
        { header: 'Id', numeric: true, cell: (notification) => formatId(notification.id) },
        {
          header: 'Notification',
          cell: (notification) => (
            <>
              <p className="font-medium">{notification.title}</p>
              <p className="text-xs text-muted">{notification.content}</p>
            </>
          ),
        },
        { header: 'Category', cell: (notification) => notificationCategoryLabels[notification.category] },
        { header: 'Status', cell: (notification) => notification.status },
        { header: 'Sent', cell: (notification) => formatDateTime(notification.sent_time) },
        { header: 'Read', cell: (notification) => formatDateTime(notification.read_time) },
        {
          header: 'Actions',
          cell: (notification) => {
            const remove = notification.quick_actions.find((action) => action.name === 'DELETE');
            if (!remove) return null;
            return (
              <CommandButton
                commandId="user.delete-notification"
                target={target}
                prefill={{ notification_id: String(notification.id) }}
                label="Delete"
                variant="ghost"
                disabledReason={remove.is_disabled ? (remove.disable_message ?? 'Not available') : undefined}
              />
            );
          },
        },
      ]}
    />
  );
}
