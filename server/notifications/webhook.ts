import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { type WebhookSettings, webhookHeaders } from './output';

/** Webhook retries: attempt k (1-based) failing waits `baseMs · 2^(k−1)` before the next; `maxAttempts` then FAILED. */
export const webhookRetry = { baseMs: 2000, maxAttempts: 5, timeoutMs: 5000, pollMs: 1000 };

type DueBroadcast = {
  id: number;
  output: unknown;
  webhook_attempts: number;
  recipients_total: number;
};

/** Claims one due webhook (FOR UPDATE SKIP LOCKED; `webhook_next_at` then holds it for the call's timeout). */
async function claimDue(db: Database): Promise<DueBroadcast | null> {
  const result = await db.execute<DueBroadcast>(sql`
    update notification_broadcasts set webhook_state = 'SENDING',
           webhook_next_at = now() + make_interval(secs => ${Math.ceil(webhookRetry.timeoutMs / 1000) + 5})
    where id = (select id from notification_broadcasts
                where webhook_state in ('PENDING', 'RETRYING', 'SENDING') and webhook_next_at <= now()
                  and deleted_at is null and cancelled_at is null
                order by webhook_next_at limit 1 for update skip locked)
    returning id, output, webhook_attempts, recipients_total`);
  return result.rows[0] ?? null;
}

async function post(settings: WebhookSettings, broadcast: DueBroadcast): Promise<string | null> {
  try {
    const response = await fetch(settings.url ?? '', {
      method: 'POST',
      headers: webhookHeaders(settings, false),
      body: JSON.stringify({ notification_id: broadcast.id, ...(broadcast.output as object) }),
      signal: AbortSignal.timeout(webhookRetry.timeoutMs),
      // A redirect is not followed (it could lead the token and the payload anywhere): it counts as a failure.
      redirect: 'manual',
    });
    if (response.status >= 300 && response.status < 400) {
      return `The webhook answered a redirect (${response.status}); redirects are not followed`;
    }
    return response.ok ? null : `The webhook answered ${response.status} ${response.statusText}`.trim();
  } catch (error) {
    return `The webhook could not be reached: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
  }
}

/** Calls every due webhook once; answers how many were called. */
export async function deliverDueWebhooks(db: Database, settings: WebhookSettings): Promise<number> {
  let called = 0;
  for (;;) {
    const due = await claimDue(db);
    if (!due) return called;
    called += 1;
    const error = await post(settings, due);
    const attempts = due.webhook_attempts + 1;
    if (!error) {
      await db.execute(sql`update notification_broadcasts set webhook_state = 'DELIVERED', webhook_attempts = ${attempts},
        webhook_error = null, webhook_next_at = null where id = ${due.id}`);
    } else if (attempts >= webhookRetry.maxAttempts) {
      await db.execute(sql`update notification_broadcasts set webhook_state = 'FAILED', webhook_attempts = ${attempts},
        webhook_error = ${`${error} (gave up after ${attempts} attempts)`}, webhook_next_at = null where id = ${due.id}`);
    } else {
      const waitMs = webhookRetry.baseMs * 2 ** (attempts - 1);
      await db.execute(sql`update notification_broadcasts set webhook_state = 'RETRYING', webhook_attempts = ${attempts},
        webhook_error = ${error}, webhook_next_at = now() + make_interval(secs => ${waitMs / 1000}) where id = ${due.id}`);
    }
  }
}

/** Polls for due webhooks while the app runs (only when a webhook is configured). */
export function deliverWebhooksWithApp(app: FastifyInstance, db: Database, settings: WebhookSettings): void {
  if (!settings.url) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const tick = () => {
    running = deliverDueWebhooks(db, settings)
      .catch((error: unknown) => app.log.error({ err: error }, 'notification webhook delivery failed'))
      .finally(() => {
        running = null;
        if (!closed) timer = setTimeout(tick, webhookRetry.pollMs);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, webhookRetry.pollMs);
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
