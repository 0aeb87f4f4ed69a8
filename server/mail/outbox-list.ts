import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { emailStatuses, emailStatusLabels, type OutboxRow } from '../../domain/outbox';
import type { Header } from '../../domain/tables';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { handle } from '../http/handler';
import { compileTableQuery, type ParsedTableQuery, type TableSource, tableColumn } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';
import { keysetPage } from '../tables/keyset-page';
import { findCustomer } from '../users/customer-records';

/** The outbox table's columns, in order. */
export const outboxHeaders: readonly Header[] = [
  tableHeader('created_at', 'Queued', 'DATETIME', 'date'),
  tableHeader('user_id', 'Customer', 'NUMBER', 'number'),
  tableHeader('recipient', 'Recipient', 'TEXT', 'text'),
  tableHeader('subject', 'Subject', 'TEXT', 'text'),
  tableHeader('template', 'Template', 'TEXT', 'text', { default_visible: false }),
  tableHeader('status', 'Status', 'STATUS', 'multi', { options: [...emailStatuses], option_labels: emailStatusLabels }),
  tableHeader('attempts', 'Attempts', 'NUMBER', 'number'),
  tableHeader('sent_at', 'Sent', 'DATETIME', 'date'),
  tableHeader('last_error', 'Last error', 'TEXT', 'text'),
  tableHeader('id', 'ID', 'NUMBER', 'number', { default_visible: false }),
];

/** The outbox as `compileTableQuery` reads it: newest first; a customer's e-mails through `outbox_customer`. */
const outboxSource: TableSource = {
  headers: outboxHeaders,
  columns: {
    id: tableColumn(sql`${outbox.id}`, 'bigint'),
    created_at: tableColumn(sql`${outbox.createdAt}`, 'timestamptz'),
    user_id: tableColumn(sql`${outbox.customerId}`, 'integer', true),
    recipient: tableColumn(sql`${outbox.recipient}`, 'text'),
    subject: tableColumn(sql`${outbox.subject}`, 'text'),
    template: tableColumn(sql`${outbox.template}`, 'text'),
    status: tableColumn(sql`${outbox.status}`, 'text', false, emailStatuses),
    attempts: tableColumn(sql`${outbox.attempts}`, 'integer'),
    sent_at: tableColumn(sql`${outbox.sentAt}`, 'timestamptz', true),
    last_error: tableColumn(sql`${outbox.lastError}`, 'text', true),
  },
  id: sql`${outbox.id}`,
  defaultSort: { column: 'created_at', direction: 'desc' },
};

function rowOf(record: typeof outbox.$inferSelect): OutboxRow {
  return {
    id: record.id,
    user_id: record.customerId,
    recipient: record.recipient,
    template: record.template,
    subject: record.subject,
    status: record.status,
    attempts: record.attempts,
    created_at: isoTimestamp(record.createdAt),
    sent_at: isoTimestampOrNull(record.sentAt),
    last_error: record.lastError,
  };
}

/** A page of the outbox for a query, sorted and paged by keyset cursor in SQL, like every list. */
async function outboxPage(db: Database, body: ParsedTableQuery) {
  const query = compileTableQuery(outboxSource, body);
  const { records, nextCursor, total } = await keysetPage(db, outbox, query, body.page_size);
  return {
    headers: [...outboxHeaders],
    emails: records.map(rowOf),
    meta: {
      total_number_of_emails: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
}

/** The outbox across customers, filtered (e.g. `user_id = 57`): for roles that see every customer. */
export const listOutbox = handle(api.outbox.list, async ({ db, body }) => outboxPage(db, body));

/** One customer's e-mails (404 for an unknown customer): their filter is added to whatever else is asked. */
export const listCustomerOutbox = handle(api.outbox.customerList, async ({ db, params, body }) => {
  const customer = await findCustomer(db, params.user_id);
  const own: ParsedTableQuery['filters'][number] = { kind: 'number', column: 'user_id', op: 'eq', value: customer.id };
  return outboxPage(db, { ...body, filters: [own, ...body.filters] });
});
