import { asc, sql } from 'drizzle-orm';
import { allEndpoints } from '../../domain/api';
import { type AuditRow, auditOutcomeLabels, auditOutcomeValues } from '../../domain/audit';
import { callLabel } from '../../domain/labels';
import { roleLabels, roles } from '../../domain/roles';
import type { Header } from '../../domain/tables';
import type { Database } from '../db/client';
import { auditLog, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { type TableSource, tableColumn } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';

/** Every staff account by id, as the audit trail names them ("Ada Admin <ada@…>"). */
export async function staffNames(db: Database): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName, email: staff.email })
    .from(staff)
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName} <${row.email}>`.trim()]));
}

/**
 * The audit page's columns, in order. "Staff" filters by staff member by name (a multi filter over the accounts, so
 * it reads the staff index, not the names of every row); the id and role are those of the time.
 */
export function auditHeaders(names: ReadonlyMap<number, string>): Header[] {
  return [
    tableHeader('at', 'When', 'DATETIME', 'date'),
    tableHeader('staff', 'Staff', 'TAG', 'multi', {
      options: [...names.keys()].map(String),
      option_labels: Object.fromEntries([...names].map(([id, name]) => [String(id), name])),
    }),
    tableHeader('staff_id', 'Staff id', 'NUMBER', 'number', { default_visible: false }),
    tableHeader('staff_role', 'Role', 'TAG', 'multi', { options: [...roles], option_labels: roleLabels }),
    // Filtered as typed (the id); shown in words ("Staff: set role") through its labels.
    tableHeader('call_id', 'Call', 'TEXT', 'text', {
      option_labels: Object.fromEntries(allEndpoints.map((endpoint) => [endpoint.id, callLabel(endpoint.id)])),
    }),
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
}

/** The audit trail as `compileTableQuery` reads it: newest first (`audit_log_at`; by staff `audit_log_staff`). */
export function auditSource(headers: readonly Header[]): TableSource {
  const staffIds = headers.find((header) => header.key === 'staff')?.options ?? [];
  return {
    headers,
    columns: {
      id: tableColumn(sql`${auditLog.id}`, 'bigint'),
      at: tableColumn(sql`${auditLog.at}`, 'timestamptz'),
      staff: tableColumn(sql`${auditLog.staffId}`, 'integer', true, staffIds),
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
}

export function auditRowOf(record: typeof auditLog.$inferSelect): AuditRow {
  return {
    id: record.id,
    at: isoTimestamp(record.at),
    staff: record.staffId,
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
