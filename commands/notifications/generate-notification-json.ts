import { api } from '../../domain/api';
import { notificationForm } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { contentFields } from './segment-form';

export default defineCommand({
  id: 'notification.generate-json',
  title: 'Generate notification JSON',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['notification', 'json', 'webhook', 'customer messaging', 'generator'],
  params: { schema: notificationForm, fields: contentFields },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.notifications.generate, { body: { ...params, link: params.link ?? null } }, { signal }),
  result: (answer) => {
    const { data, webhook_settings } = answer as { data: unknown; webhook_settings: { post: string | null } };
    return {
      title: 'Customer-messaging JSON',
      message: webhook_settings.post ? `Posted to ${webhook_settings.post} when sent.` : 'No webhook is configured.',
      copy: { label: 'JSON', value: JSON.stringify(data, null, 2) },
    };
  },
  revalidates: [],
});
