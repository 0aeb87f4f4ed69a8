import type { z } from 'zod';
import type { notificationContent } from '../../domain/notifications';

type Content = z.output<typeof notificationContent>;

/** The customer-messaging webhook: `NOTIFICATIONS_WEBHOOK_URL` (unset: none) and its bearer `NOTIFICATIONS_WEBHOOK_TOKEN`. */
export interface WebhookSettings {
  url: string | null;
  token: string | null;
}

export function webhookSettingsFrom(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  return { url: env.NOTIFICATIONS_WEBHOOK_URL || null, token: env.NOTIFICATIONS_WEBHOOK_TOKEN || null };
}

/** The headers the webhook is posted with; `masked` hides the token (what people are shown). */
export function webhookHeaders(settings: WebhookSettings, masked: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (settings.token) headers.Authorization = `Bearer ${masked ? '••••••••' : settings.token}`;
  return headers;
}

/** The customer-messaging JSON of a notification: what the app shows, as the messaging service expects it. */
export function messagingData(content: Content): Record<string, unknown> {
  return {
    version: 1,
    notification: {
      title: content.title,
      body: content.content,
      category: content.category,
      sentiment: content.sentiment,
      trigger: content.trigger_type,
      link: content.link,
      expires_at: content.expiration_date,
    },
  };
}
