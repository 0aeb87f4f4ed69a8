import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { renderEmail } from './render';
import type { MailSettings } from './settings';

/** A claimed outbox row, as the worker sends it. */
type ClaimedEmail = {
  id: number;
  template: string;
  recipient: string;
  subject: string;
  payload: unknown;
  attempts: number;
};

/** What one pass did, for tests and logs. */
export interface DeliveryPass {
  sent: number;
  retrying: number;
  failed: number;
}

/** Where the worker reports failures: ids and SMTP codes only, never addresses (they are customer data). */
export interface DeliveryLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** The SMTP transport of the settings: STARTTLS when the server offers it, bounded waits. */
export function smtpTransport(settings: MailSettings): Transporter {
  return nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * Claims up to `batchSize` due e-mails in one statement: PENDING ones whose backoff has passed, and SENDING ones
 * whose claim lapsed (the server sending them died). `FOR UPDATE SKIP LOCKED` lets several servers claim side by
 * side without taking the same row; the claim counts an attempt and holds the row for `leaseMs`.
 */
async function claimDue(db: Database, settings: MailSettings): Promise<ClaimedEmail[]> {
  await db.execute(sql`
    update outbox set status = 'FAILED', last_error = 'Not sent in time: given up'
    where status in ('PENDING', 'SENDING') and created_at < now() - make_interval(secs => ${settings.maxAgeMs / 1000})`);
  const claimed = await db.execute<ClaimedEmail>(sql`
    update outbox set status = 'SENDING', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${settings.leaseMs / 1000})
    where id in (
      select id from outbox
      where status in ('PENDING', 'SENDING') and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${settings.batchSize}
      for update skip locked)
    returning id, template, recipient, subject, payload, attempts`);
  return claimed.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** SMTP 5xx answers (and a refused envelope) will not change on a retry; 4xx and lost connections may. */
function isPermanent(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  if (typeof responseCode === 'number') return responseCode >= 500;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), capped, with ±20 % jitter so servers spread out. */
export function backoffMs(attempts: number, settings: Pick<MailSettings, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  const delay = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/** The Message-ID of an outbox row's e-mail: the same on every attempt, so the capture and receivers can match it. */
export function messageIdOf(id: number, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'loupe.localhost';
  return `<outbox-${id}@${domain}>`;
}

/** An outbox row as nodemailer sends it: the one place the message is put together (delivery and read-back). */
export function mailOptionsOf(
  email: { id: number; template: string; recipient: string; subject: string; payload: unknown },
  from: string,
): SendMailOptions {
  const message = renderEmail(email);
  return {
    from,
    to: email.recipient,
    cc: message.cc,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
    messageId: messageIdOf(email.id, from),
  };
}

async function deliver(db: Database, transport: Transporter, settings: MailSettings, email: ClaimedEmail) {
  try {
    const info = await transport.sendMail(mailOptionsOf(email, settings.from));
    await db.execute(sql`
      update outbox set status = 'SENT', sent_at = now(), last_error = null, provider_message_id = ${info.messageId}
      where id = ${email.id} and status = 'SENDING'`);
    return 'sent' as const;
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = isPermanent(error) || email.attempts >= settings.maxAttempts;
    const wait = backoffMs(email.attempts, settings) / 1000;
    await db.execute(sql`
      update outbox set last_error = ${detail},
        status = ${giveUp ? 'FAILED' : 'PENDING'},
        next_attempt_at = now() + make_interval(secs => ${giveUp ? 0 : wait})
      where id = ${email.id} and status = 'SENDING'`);
    return giveUp ? ('failed' as const) : ('retrying' as const);
  }
}

/** One pass: claim what is due and send each, recording the outcome on its row. */
export async function deliverDueEmails(
  db: Database,
  transport: Transporter,
  settings: MailSettings,
  log?: DeliveryLog,
): Promise<DeliveryPass> {
  const pass: DeliveryPass = { sent: 0, retrying: 0, failed: 0 };
  for (const email of await claimDue(db, settings)) {
    const outcome = await deliver(db, transport, settings, email);
    pass[outcome] += 1;
    if (outcome !== 'sent')
      log?.warn({ outboxId: email.id, attempts: email.attempts, outcome }, 'e-mail not delivered');
  }
  return pass;
}

/** A running delivery worker. */
export interface MailDelivery {
  /** Waits for the pass under way, then stops (the transport is closed). */
  stop(): Promise<void>;
}

/**
 * Starts the worker in this process: a pass every `pollMs`, straight away again while passes come back full. A pass
 * that fails (database gone) is logged and retried on the next tick.
 */
export function startMailDelivery(db: Database, settings: MailSettings, log?: DeliveryLog): MailDelivery {
  const transport = smtpTransport(settings);
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = deliverDueEmails(db, transport, settings, log)
      .then((pass) => pass.sent + pass.retrying + pass.failed >= settings.batchSize)
      .catch((error: unknown) => {
        log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'mail delivery pass failed');
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
      transport.close();
    },
  };
}

/** Runs the worker with the app: started when it is ready, stopped (after the pass under way) when it closes. */
export function deliverMailWithApp(app: FastifyInstance, db: Database, settings: MailSettings | null): void {
  if (!settings) return;
  let delivery: MailDelivery | null = null;
  app.addHook('onReady', async () => {
    delivery = startMailDelivery(db, settings, app.log);
  });
  app.addHook('onClose', async () => {
    await delivery?.stop();
  });
}
