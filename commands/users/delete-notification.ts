import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { customerNotificationField } from './notification-choice';

const notificationParams = z.object({
  notification_id: api.userDetails.deleteNotification.params.shape.notification_id,
});

export default defineCommand({
  id: 'user.delete-notification',
  title: 'Delete notification',
  group: 'Customer',
  permission: 'user_details_edit',
  target: 'user',
  keywords: ['notification', 'remove', 'in-app', 'message'],
  params: {
    schema: notificationParams,
    fields: {
      notification_id: customerNotificationField,
    },
  },
  confirm: 'destructive',
  consequence: (target, params) =>
    `Notification #${params.notification_id} disappears from ${target.name}’s notifications. This cannot be undone.`,
  run: ({ target, params, signal }) =>
    call(
      api.userDetails.deleteNotification,
      { params: { user_id: target.id, notification_id: params.notification_id } },
      { signal },
    ),
  revalidates: [api.userDetails.notifications, api.userDetails.activity, api.userDetails.audit],
  successMessage: ({ params }) => `Notification #${params.notification_id} deleted`,
});
