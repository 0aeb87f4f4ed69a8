import type { z } from 'zod';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import { sendNotificationForm } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { instantInWords } from '../../src/ui/day-meaning';
import { defineCommand } from '../define';
import { contentFields, segmentFields, segmentFilters, segmentText } from './segment-form';

const form = sendNotificationForm;

function body(params: z.output<typeof form>) {
  return {
    title: params.title,
    content: params.content,
    category: params.category,
    sentiment: params.sentiment,
    trigger_type: params.trigger_type,
    link: params.link ?? null,
    send_at: params.send_at ?? null,
    segment: { filters: segmentFilters(params) },
  };
}

/**
 * Sends a notification to a segment. The confirmation shows the pre-flight count (the count users_filter gives) and is
 * blocked when it is 0; the sending runs in the background (progress on the Notifications tab).
 */
export default defineCommand({
  id: 'notification.send',
  title: 'Send notification',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['notification', 'broadcast', 'push', 'message', 'segment', 'send', 'announce'],
  params: {
    schema: form,
    fields: {
      ...contentFields,
      ...segmentFields,
      send_at: {
        kind: 'date',
        label: 'Send on (optional)',
        day: { at: { hour: 9, minute: 0 }, zone: 'staff' },
        hint: 'Empty: now. A day sends at 09:00 unless a time is typed (31/12 14:30).',
      },
    },
  },
  confirm: 'destructive',
  consequence: (_, params) => `“${params.title}” goes to ${segmentText(params)}; it cannot be unsent.`,
  preview: {
    load: async ({ params, signal }) => {
      const { count } = await call(
        api.notifications.preflight,
        { body: { segment: { filters: segmentFilters(params) } } },
        { signal },
      );
      const who = segmentText(params);
      return {
        headline: `Sends “${params.title}” to ${countOf(count, 'customer')} (${who}).`,
        lines: [
          { label: 'Recipients now', value: count.toLocaleString('en-US'), emphasis: true },
          { label: 'When', value: params.send_at ? instantInWords(params.send_at) : 'Now' },
        ],
        ...(count === 0 ? { blocked: 'No customer matches this segment: there is nobody to send it to.' } : {}),
      };
    },
  },
  run: ({ params, signal }) => call(api.notifications.send, { body: body(params) }, { signal }),
  revalidates: [api.notifications.list],
  successMessage: ({ params }) =>
    params.send_at
      ? `Scheduled for ${instantInWords(params.send_at)}`
      : `Sending to ${segmentText(params)} — progress on the Notifications tab`,
});
