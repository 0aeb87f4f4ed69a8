import { z } from 'zod';
import { defineArea, idParam, post } from './endpoint';
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
});
