import { api } from '../../domain/api';
import { type CustomerNotification, notificationCategoryLabels } from '../../domain/user-details';
import { formatDate } from '../../src/ui/dates';
import type { FieldChoice } from '../../src/ui/fields/types';
import { choicesFrom, type FieldSpec } from '../define';

/** One of a customer's in-app notifications: its title, when it was sent, read or not, its category. */
export function customerNotificationChoices(notifications: readonly CustomerNotification[]): FieldChoice[] {
  return notifications.map((notification) => ({
    value: String(notification.id),
    label: notification.title,
    details: [
      notification.sent_time ? `sent ${formatDate(notification.sent_time)}` : 'not sent yet',
      notification.read_time ? 'read' : 'unread',
      notificationCategoryLabels[notification.category],
    ],
  }));
}

/** The customer's notification (their Notifications list, newest first), picked by title, date or id. */
export const customerNotificationField: FieldSpec = {
  kind: 'record',
  label: 'Notification',
  numeric: true,
  placeholder: 'Type part of its title or its id',
  choices: choicesFrom(
    api.userDetails.notifications,
    ({ target }) => (target ? { params: { user_id: target.id } } : null),
    (answer) => customerNotificationChoices(answer.notifications),
  ),
};
