import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { notificationField } from '../record-choices';

const form = z.object({ notification_id: api.notifications.retryFailed.params.shape.notification_id });

export default defineCommand({
  id: 'notification.retry-failed',
  title: 'Retry recipients not reached',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['notification', 'retry', 'resend', 'failed', 'not reached', 'recipients'],
  params: { schema: form, fields: { notification_id: notificationField } },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.notifications.retryFailed, { params: { notification_id: params.notification_id } }, { signal }),
  revalidates: [api.notifications.list],
  successMessage: ({ params }) => `Notification #${params.notification_id}: sending again to those not reached`,
});
