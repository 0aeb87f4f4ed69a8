import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type PipelineJobEvent, pipelineSignatureHeader } from '../../../domain/integrations/pipeline';
import type { Database } from '../../db/client';
import { backoffMs } from '../../mail/delivery';
import { signBody } from '../signature';
import type { PipelineSettings } from './settings';

type ClaimedEvent = { id: number; event_id: string; type: string; data: unknown; created_at: string; attempts: number };

/** What one pass did, for tests, the bench and logs. */
export interface PipelinePass {
  delivered: number;
  retrying: number;
}

/**
 * Claims up to `batchSize` due events in one statement: PENDING ones whose backoff has passed and SENDING ones whose
 * claim lapsed (their server died mid-post). `FOR UPDATE SKIP LOCKED` lets several servers deliver side by side
 * without posting the same event at once; the claim counts an attempt and holds the row for `leaseMs`.
 */
async function claimDue(db: Database, settings: PipelineSettings): Promise<ClaimedEvent[]> {
  const claimed = await db.execute<ClaimedEvent>(sql`
    update pipeline_outbox set state = 'SENDING', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${settings.leaseMs / 1000})
    where id in (
      select id from pipeline_outbox
      where state in ('PENDING', 'SENDING') and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${settings.batchSize}
      for update skip locked)
    returning id, event_id, type, data, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      attempts`);
  return claimed.rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

/** The body of an event as posted (the contract's `PipelineJobEvent`). */
function bodyOf(event: ClaimedEvent): string {
  const body: PipelineJobEvent = {
    event_id: event.event_id,
    type: event.type as PipelineJobEvent['type'],
    created_at: event.created_at,
    data: event.data as PipelineJobEvent['data'],
  };
  return JSON.stringify(body);
}

/** Posts one event, signed; null when the receiver answered 2xx, else what went wrong. */
async function post(settings: PipelineSettings, url: string, event: ClaimedEvent): Promise<string | null> {
  const body = bodyOf(event);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [pipelineSignatureHeader]: signBody(settings.secret, body, Math.floor(Date.now() / 1000)),
        'loupe-event-id': event.event_id,
      },
      body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel();
    return response.ok ? null : `The pipeline answered ${response.status} ${response.statusText}`.trim();
  } catch (error) {
    return `The pipeline could not be reached: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
  }
}

/** One pass: claims what is due and posts each, recording the outcome (a failure waits its backoff, never gives up). */
export async function deliverDuePipelineEvents(db: Database, settings: PipelineSettings): Promise<PipelinePass> {
  const pass: PipelinePass = { delivered: 0, retrying: 0 };
  const url = settings.webhookUrl;
  if (!url) return pass;
  for (const event of await claimDue(db, settings)) {
    const error = await post(settings, url, event);
    if (!error) {
      await db.execute(sql`update pipeline_outbox set state = 'DELIVERED', delivered_at = now(), last_error = null
        where id = ${event.id} and state = 'SENDING'`);
      pass.delivered += 1;
    } else {
      const wait = backoffMs(event.attempts, settings) / 1000;
      await db.execute(sql`update pipeline_outbox set state = 'PENDING', last_error = ${error},
        next_attempt_at = now() + make_interval(secs => ${wait}) where id = ${event.id} and state = 'SENDING'`);
      pass.retrying += 1;
    }
  }
  return pass;
}

/** A running deliverer. */
export interface PipelineDelivery {
  /** Waits for the pass under way, then stops. */
  stop(): Promise<void>;
}

/** Starts delivering in this process: a pass every `pollMs`, straight away again while passes come back full. */
export function startPipelineDelivery(
  db: Database,
  settings: PipelineSettings,
  onError: (error: unknown) => void,
): PipelineDelivery {
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = deliverDuePipelineEvents(db, settings)
      .then((pass) => pass.delivered + pass.retrying >= settings.batchSize)
      .catch((error: unknown) => {
        onError(error);
        return false;
      })
      .then((more) => {
        if (running) timer = setTimeout(tick, more ? 0 : settings.pollMs);
      });
  };
  tick();
  return {
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

/** Runs the deliverer with the app (when a webhook URL is set): started when it is ready, stopped when it closes. */
export function deliverPipelineWithApp(app: FastifyInstance, db: Database, settings: PipelineSettings | null): void {
  if (!settings?.webhookUrl) return;
  let delivery: PipelineDelivery | null = null;
  app.addHook('onReady', async () => {
    delivery = startPipelineDelivery(db, settings, (error) =>
      app.log.error({ err: error }, 'pipeline event delivery pass failed'),
    );
  });
  app.addHook('onClose', async () => {
    await delivery?.stop();
  });
}
