import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const auditOutcomes = ['ok', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/** Every mutating call, successful or not (401s excepted). Append-only: a trigger refuses UPDATE, DELETE, TRUNCATE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    staffId: integer('staff_id'),
    staffRole: text('staff_role'),
    /** The catalogue's call id, e.g. `users.suspend`. */
    callId: text('call_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    /** The request body with secrets (passwords, tokens) removed. */
    requestBody: jsonb('request_body'),
    outcome: text('outcome', { enum: auditOutcomes }).notNull(),
    status: integer('status').notNull(),
    detail: text('detail'),
    requestId: text('request_id'),
    /** The OpenTelemetry trace of the request (32 hex digits), when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT). */
    traceId: text('trace_id'),
    ip: text('ip'),
    /** What undoing the call needs beyond its body (the role before, the credit written); an undo's row: `{undid}`. */
    undo: jsonb('undo'),
  },
  (t) => [
    index('audit_log_target').on(t.targetKind, t.targetId, t.at),
    index('audit_log_staff').on(t.staffId, t.at),
    index('audit_log_at').on(t.at),
    uniqueIndex('audit_log_undid')
      .on(sql`(${t.undo}->>'undid')`)
      .where(sql`${t.callId} = 'undo.undo' and ${t.outcome} = 'ok'`),
    check('audit_log_outcome', sql`${t.outcome} in ('ok', 'refused', 'failed')`),
  ],
);
