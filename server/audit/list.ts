import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type AuditRow, auditOutcomeLabels, auditOutcomeValues } from '../../domain/audit';
import { roles } from '../../domain/roles';
import type { Header } from '../../domain/tables';
import { auditLog } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { handle } from '../http/handler';
import { compileTableQuery, type TableSource, tableColumn } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';
import { keysetPage } from '../tables/keyset-page';

/** The audit page's columns, in order. */
export const auditHeaders: readonly Header[] = [
  tableHeader('at', 'When', 'DATETIME', 'date'),
  tableHeader('staff_id', 'Staff id', 'NUMBER', 'number'),
  tableHeader('staff_role', 'Role', 'TAG', 'multi', { options: [...roles] }),
  tableHeader('call_id', 'Call', 'TEXT', 'text'),
  tableHeader('target_kind', 'Target kind', 'TEXT', 'text'),
  tableHeader('target_id', 'Target', 'TEXT', 'text'),
  tableHeader('outcome', 'Outcome', 'STATUS', 'multi', {
    options: [...auditOutcomeValues],
    option_labels: auditOutcomeLabels,
  }),
  tableHeader('status', 'Status', 'NUMBER', 'number'),
  tableHeader('detail', 'Detail', 'TEXT', 'text'),
  tableHeader('path', 'Path', 'TEXT', 'text', { default_visible: false }),
  tableHeader('request_id', 'Request', 'TEXT', 'text', { default_visible: false }),
  tableHeader('id', 'ID', 'NUMBER', 'number', { default_visible: false }),
];

/** The audit trail as `compileTableQuery` reads it: newest first (`audit_log_at`; by staff `audit_log_staff`). */
const auditSource: TableSource = {
  headers: auditHeaders,
  columns: {
    id: tableColumn(sql`${auditLog.id}`, 'bigint'),
    at: tableColumn(sql`${auditLog.at}`, 'timestamptz'),
    staff_id: tableColumn(sql`${auditLog.staffId}`, 'integer', true),
    staff_role: tableColumn(sql`${auditLog.staffRole}`, 'text', true, roles),
    call_id: tableColumn(sql`${auditLog.callId}`, 'text'),
    target_kind: tableColumn(sql`${auditLog.targetKind}`, 'text', true),
    target_id: tableColumn(sql`${auditLog.targetId}`, 'text', true),
    outcome: tableColumn(sql`${auditLog.outcome}`, 'text', false, auditOutcomeValues),
    status: tableColumn(sql`${auditLog.status}`, 'integer'),
    detail: tableColumn(sql`${auditLog.detail}`, 'text', true),
    path: tableColumn(sql`${auditLog.path}`, 'text'),
    request_id: tableColumn(sql`${auditLog.requestId}`, 'text', true),
  },
  id: sql`${auditLog.id}`,
  defaultSort: { column: 'at', direction: 'desc' },
};

function rowOf(record: typeof auditLog.$inferSelect): AuditRow {
  return {
    id: record.id,
    at: isoTimestamp(record.at),
    staff_id: record.staffId,
    staff_role: record.staffRole,
    call_id: record.callId,
    method: record.method,
    path: record.path,
    target_kind: record.targetKind,
    target_id: record.targetId,
    outcome: record.outcome,
    status: record.status,
    detail: record.detail,
    request_id: record.requestId,
  };
}

/** The audit trail, filtered, sorted and paged by keyset cursor in SQL, like every list (ADMIN: assign_roles). */
export const listAudit = handle(api.audit.list, async ({ db, body }) => {
  const query = compileTableQuery(auditSource, body);
  const { records, nextCursor, total } = await keysetPage(db, auditLog, query, body.page_size);
  return {
    headers: [...auditHeaders],
    entries: records.map(rowOf),
    meta: {
      total_number_of_entries: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});
