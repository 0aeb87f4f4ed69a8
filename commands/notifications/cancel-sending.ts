import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { notificationField } from '../record-choices';

const form = z.object({ notification_id: api.notifications.cancel.params.shape.notification_id });

export default defineCommand({
  id: 'notification.cancel',
  title: 'Cancel sending',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['notification', 'stop', 'cancel', 'abort', 'sending'],
  params: { schema: form, fields: { notification_id: notificationField } },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Notification #${params.notification_id} stops before its next batch; customers who got it keep it.`,
  run: ({ params, signal }) =>
    call(api.notifications.cancel, { params: { notification_id: params.notification_id } }, { signal }),
  revalidates: [api.notifications.list],
  successMessage: ({ params }) => `Sending of notification #${params.notification_id} cancelled`,
});
