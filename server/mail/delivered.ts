import { and, eq } from 'drizzle-orm';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { api } from '../../domain/api';
import type { DeliveredEmail } from '../../domain/outbox';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { findCustomer } from '../users/customer-records';
import { mailOptionsOf } from './delivery';
import { defaultMailSender } from './settings';

/** How long reading a message back from the mail capture may take before Loupe composes it instead. */
const captureTimeoutMs = 3000;

/** Composes an outbox row's message exactly as the mail worker hands it to SMTP (nodemailer, buffered, not sent). */
async function composedMessage(row: typeof outbox.$inferSelect): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail(
    mailOptionsOf(
      { id: row.id, template: row.template, recipient: row.recipient, subject: row.subject, payload: row.payload },
      process.env.MAIL_FROM || defaultMailSender,
    ),
  );
  return info.message as Buffer;
}

/** The raw message the capture received for this Message-ID, or null (no capture, not received, or it is down). */
async function capturedMessage(captureUrl: string | null, messageId: string | null): Promise<Buffer | null> {
  if (!captureUrl || !messageId) return null;
  const bare = messageId.trim().replace(/^<|>$/g, '');
  try {
    const answer = await fetch(`${captureUrl}/messages/${encodeURIComponent(bare)}`, {
      signal: AbortSignal.timeout(captureTimeoutMs),
    });
    if (!answer.ok) return null;
    return Buffer.from(await answer.arrayBuffer());
  } catch {
    return null;
  }
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? '').filter(Boolean));
}

function deliveredOf(row: typeof outbox.$inferSelect, source: DeliveredEmail['source'], mail: ParsedMail) {
  return {
    id: row.id,
    status: row.status,
    source,
    message_id: mail.messageId ?? null,
    subject: mail.subject ?? '',
    from: mail.from?.text ?? '',
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date ? mail.date.toISOString() : null,
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : null,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? 'attachment',
      content_type: attachment.contentType,
      size: attachment.size,
      content_base64: attachment.content.toString('base64'),
    })),
  } satisfies DeliveredEmail;
}

/**
 * An outbox row's e-mail as delivered: read back from the mail capture when one runs and received it (CAPTURED),
 * else composed from the row as the worker sends it (COMPOSED). Both are parsed by the same MIME parser.
 */
async function deliveredEmail(db: Database, captureUrl: string | null, id: number, customerId: number | null) {
  const where = customerId === null ? eq(outbox.id, id) : and(eq(outbox.id, id), eq(outbox.customerId, customerId));
  const [row] = await db.select().from(outbox).where(where);
  if (!row) throw fail('email_not_found');
  const captured = row.status === 'SENT' ? await capturedMessage(captureUrl, row.providerMessageId) : null;
  const raw = captured ?? (await composedMessage(row));
  return deliveredOf(row, captured ? 'CAPTURED' : 'COMPOSED', await simpleParser(raw));
}

/** Any customer's e-mail (the outbox across customers). */
export const showEmail = handle(api.outbox.show, async ({ db, params, config }) =>
  deliveredEmail(db, config.mailCaptureUrl, params.email_id, null),
);

/** One customer's e-mail: 404 unless it went to that customer. */
export const showCustomerEmail = handle(api.outbox.customerShow, async ({ db, params, config }) => {
  const customer = await findCustomer(db, params.user_id);
  return deliveredEmail(db, config.mailCaptureUrl, params.email_id, customer.id);
});
