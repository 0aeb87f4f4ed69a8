import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { notificationField } from '../record-choices';

const form = z.object({ notification_id: api.notifications.remove.params.shape.notification_id });

export default defineCommand({
  id: 'notification.delete',
  title: 'Delete notification',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['notification', 'remove', 'delete', 'retract'],
  params: { schema: form, fields: { notification_id: notificationField } },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Notification #${params.notification_id} stops sending and leaves every customer’s notifications.`,
  run: ({ params, signal }) =>
    call(api.notifications.remove, { params: { notification_id: params.notification_id } }, { signal }),
  revalidates: [api.notifications.list],
  successMessage: ({ params }) => `Notification #${params.notification_id} deleted`,
});
