import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema } from './tables';

/** Where an e-mail is: waiting (or waiting to retry), being handed to the SMTP server, delivered, or given up on. */
export const emailStatuses = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export type EmailStatus = (typeof emailStatuses)[number];
export const emailStatusLabels: Record<EmailStatus, string> = {
  PENDING: 'Waiting',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
};

/** One e-mail of the outbox as staff see it (never its attachments or links: those are the customer's). */
export const outboxRowSchema = z.object({
  id: z.number().int(),
  /** The customer it was sent to (null once the customer was deleted). */
  user_id: z.number().int().nullable(),
  recipient: z.string(),
  template: z.string(),
  subject: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

/** A file attached to a delivered e-mail, with its bytes (base64): an invoice PDF is a few kilobytes. */
export const deliveredAttachmentSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  content_base64: z.string(),
});

/**
 * One e-mail as it was delivered: CAPTURED is the message the mail capture received, byte for byte, parsed;
 * COMPOSED is the message Loupe composes for the row (what it hands or handed to SMTP_URL's server, which Loupe cannot
 * read back). `html` is rendered by the console in a sandboxed frame only.
 */
export const deliveredEmailSchema = z.object({
  id: z.number().int(),
  status: z.enum(emailStatuses),
  source: z.enum(['CAPTURED', 'COMPOSED']),
  message_id: z.string().nullable(),
  subject: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  date: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(deliveredAttachmentSchema),
});
export type DeliveredEmail = z.infer<typeof deliveredEmailSchema>;

const outboxAnswer = z.object({
  headers: z.array(headerSchema),
  emails: z.array(outboxRowSchema),
  meta: pageMetaSchema.extend({ total_number_of_emails: z.number().int() }),
});

export const outbox = defineArea('outbox', {
  list: post('outbox/outbox_filter', {
    summary:
      'E-mails sent (or waiting) to every customer, newest first (one customer: users/{user_id}/outbox/outbox_filter)',
    permission: 'see_all_users',
    readOnly: true,
    body: tableQuerySchema,
    answer: outboxAnswer,
  }),
  customerList: post('users/:user_id/outbox/outbox_filter', {
    summary: 'E-mails sent (or waiting) to one customer, newest first, for whoever may open that customer',
    permission: 'user_details_read',
    params: z.object({ user_id: idParam }),
    target: { kind: 'customer', param: 'user_id' },
    readOnly: true,
    body: tableQuerySchema,
    answer: outboxAnswer,
  }),
  show: get('outbox/:email_id', {
    summary: 'One e-mail of any customer as it was delivered: subject, body, attachments',
    permission: 'see_all_users',
    params: z.object({ email_id: idParam }),
    answer: deliveredEmailSchema,
  }),
  customerShow: get('users/:user_id/outbox/:email_id', {
    summary: 'One e-mail to a customer as it was delivered, for whoever may open that customer',
    permission: 'user_details_read',
    params: z.object({ user_id: idParam, email_id: idParam }),
    target: { kind: 'customer', param: 'user_id' },
    answer: deliveredEmailSchema,
  }),
});
