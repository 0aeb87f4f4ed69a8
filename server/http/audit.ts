import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Endpoint, targetIdOf } from '../../domain/endpoint';
import type { Database } from '../db/client';
import { type AuditOutcome, auditLog } from '../db/schema';
import { opsCounters } from '../ops/counters';
import { fail } from './errors';
import type { StaffMember } from './handler';
import { storableText } from './text';
import '../undo/note';

const secretName = /password|token|secret/i;

/** A copy of a request body without anything that could be a credential (keys naming password, token or secret). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!secretName.test(key)) copy[key] = withoutSecrets(inner);
  }
  return copy;
}

/** What one audit row keeps of a request body at most (the rest is cut, saying how much). */
export const auditBodyLimits = {
  /** Bytes of the stored JSON; a larger body is kept as a note and the start of its text. */
  bytes: 8 * 1024,
  /** Levels of objects and arrays; deeper values are replaced by a note. */
  depth: 16,
  /** Characters of one string value. */
  text: 1024,
  /** Characters of one key. */
  key: 128,
  /** Items of one array or fields of one object. */
  items: 100,
} as const;

/** `text` cut to `max` characters (noting how many were cut), storable in PostgreSQL. */
function clip(text: string, max: number): string {
  if (text.length <= max) return storableText(text);
  return `${storableText(text.slice(0, max))}…[${text.length - max} more characters not stored]`;
}

function sanitised(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clip(value, auditBodyLimits.text);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return null;
  if (depth >= auditBodyLimits.depth) return `[nested deeper than ${auditBodyLimits.depth} levels: not stored]`;
  const { items } = auditBodyLimits;
  if (Array.isArray(value)) {
    const kept = value.slice(0, items).map((inner) => sanitised(inner, depth + 1));
    return value.length > items ? [...kept, `[${value.length - items} more items not stored]`] : kept;
  }
  const entries = Object.entries(value).filter(([key]) => !secretName.test(key));
  const kept = entries
    .slice(0, items)
    .map(([key, inner]) => [clip(key, auditBodyLimits.key), sanitised(inner, depth + 1)] as const);
  if (entries.length > items) kept.push(['…', `[${entries.length - items} more fields not stored]`]);
  return Object.fromEntries(kept);
}

/**
 * The copy of a request body an audit row stores: no secrets, no NUL characters, unpaired surrogates replaced by
 * U+FFFD, strings, keys, arrays and depth cut, and at most `auditBodyLimits.bytes` of JSON in all.
 */
export function auditableBody(body: unknown): unknown {
  const copy = sanitised(body, 0);
  const json = JSON.stringify(copy) ?? 'null';
  const bytes = Buffer.byteLength(json);
  if (bytes <= auditBodyLimits.bytes) return copy;
  return { not_stored: `a body of ${bytes} bytes as stored (over ${auditBodyLimits.bytes})`, start: clip(json, 1024) };
}

/**
 * What a failed call without an access token (sign-in, refresh, sign-out) stores instead of its body: anyone can
 * send those, so never the body itself: the field at fault and the e-mail's domain at most.
 */
function unauthenticatedSummary(body: unknown, field: string | undefined): Record<string, string> {
  const summary: Record<string, string> = {};
  if (field !== undefined) summary.field = clip(field, 64);
  const email = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
  if (typeof email === 'string' && email.includes('@')) {
    summary.email_domain = clip(email.slice(email.lastIndexOf('@') + 1).toLowerCase(), 64);
  }
  return summary;
}

/** One attempt at a mutating call, as the audit trail records it. */
export interface AuditAttempt {
  endpoint: Endpoint;
  request: FastifyRequest;
  staff: StaffMember | null;
  outcome: AuditOutcome;
  status: number;
  detail?: string | null;
  /** The input field at fault, for failed calls. */
  field?: string;
}

type AuditRow = typeof auditLog.$inferInsert;

const clipped = (detail: string | null | undefined) => (detail == null ? null : clip(detail, 500));

function auditRowOf(attempt: AuditAttempt, bodies?: Map<unknown, unknown>): AuditRow {
  const { endpoint, request, staff } = attempt;
  const body = request.body;
  const failedAnonymously = endpoint.auth !== 'access' && attempt.outcome !== 'ok';
  const stored = () => {
    if (!bodies || body === null || typeof body !== 'object') return auditableBody(body);
    if (!bodies.has(body)) bodies.set(body, auditableBody(body));
    return bodies.get(body);
  };
  // A successful call's own note (server/undo/note.ts): the record a create made, what undoing it needs.
  const note = attempt.outcome === 'ok' ? request.auditNote : undefined;
  return {
    staffId: staff?.id ?? null,
    staffRole: staff?.role ?? null,
    callId: endpoint.id,
    method: request.method,
    path: clip(request.url.split('?')[0] ?? request.url, 1000),
    targetKind: note?.target?.kind ?? endpoint.target?.kind ?? null,
    targetId: note?.target?.id ?? targetIdOf(endpoint, request),
    requestBody: failedAnonymously ? unauthenticatedSummary(body, attempt.field) : body === undefined ? null : stored(),
    outcome: attempt.outcome,
    status: attempt.status,
    detail: clipped(attempt.detail ?? note?.detail),
    requestId: request.id,
    traceId: request.traceId ?? null,
    ip: clip(request.ip, 100),
    undo: note?.undo ?? null,
  };
}

/** The database's reason for a failed write, without the statement's parameters (they hold customer data). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } }).cause;
  const message = cause?.message ?? (error as { message?: unknown }).message;
  const firstLine = String(message ?? error).split('\n')[0] ?? '';
  return firstLine.slice(0, 200);
}

/**
 * Appends the audit row of a call attempt (inside the call's transaction on success, on its own otherwise), each try
 * in its own savepoint. A row whose body cannot be written is written without it, saying so in `detail`; a row that
 * cannot be written at all is logged and throws 503 `audit_unavailable`, so the call is not served.
 */
export async function writeAudit(db: Database, attempt: AuditAttempt): Promise<void> {
  const row = auditRowOf(attempt);
  const log = attempt.request.log;
  try {
    const [written] = await db.transaction((savepoint) =>
      savepoint.insert(auditLog).values(row).returning({ id: auditLog.id }),
    );
    if (attempt.outcome === 'ok') attempt.request.auditId = written?.id;
    return;
  } catch (error) {
    opsCounters.auditInsertFailures += 1;
    log.error({ reason: reasonOf(error), callId: row.callId }, 'audit row not written; trying without the body');
  }
  const note = 'request body not stored: the audit row could not be written with it';
  try {
    await db.transaction(async (savepoint) => {
      await savepoint
        .insert(auditLog)
        .values({ ...row, requestBody: null, detail: row.detail ? `${row.detail} (${note})` : note });
    });
  } catch (error) {
    log.error({ reason: reasonOf(error), callId: row.callId }, 'audit row not written: the call is not served');
    throw fail('audit_unavailable');
  }
}

/**
 * Appends the audit rows of many attempts in one statement (a bulk run's batch): one array per column through
 * `unnest`, each body sanitised once however many rows share it, so a batch of 1,000 costs the event loop little.
 * In a savepoint; when it fails (a body the database refuses…), each is written on its own by `writeAudit`.
 */
export async function writeAuditRows(db: Database, attempts: readonly AuditAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const bodies = new Map<unknown, unknown>();
  const rows = attempts.map((attempt) => auditRowOf(attempt, bodies));
  const json = new Map<unknown, string>();
  const bodyText = (body: unknown) => {
    if (body === null || body === undefined) return null;
    if (!json.has(body)) json.set(body, JSON.stringify(body));
    return json.get(body) ?? null;
  };
  const column = <T>(pick: (row: AuditRow) => T) => sql.param(rows.map(pick));
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.execute(sql`
        insert into audit_log (staff_id, staff_role, call_id, method, path, target_kind, target_id, request_body,
          outcome, status, detail, request_id, trace_id, ip)
        select staff_id, staff_role, call_id, method, path, target_kind, target_id, request_body::jsonb,
          outcome, status, detail, request_id, trace_id, ip
        from unnest(${column((row) => row.staffId ?? null)}::int[], ${column((row) => row.staffRole ?? null)}::text[],
          ${column((row) => row.callId)}::text[], ${column((row) => row.method)}::text[],
          ${column((row) => row.path)}::text[], ${column((row) => row.targetKind ?? null)}::text[],
          ${column((row) => row.targetId ?? null)}::text[], ${column((row) => bodyText(row.requestBody))}::text[],
          ${column((row) => row.outcome)}::text[], ${column((row) => row.status)}::int[],
          ${column((row) => row.detail ?? null)}::text[], ${column((row) => row.requestId ?? null)}::text[],
          ${column((row) => row.traceId ?? null)}::text[], ${column((row) => row.ip ?? null)}::text[])
          as given(staff_id, staff_role, call_id, method, path, target_kind, target_id, request_body, outcome,
            status, detail, request_id, trace_id, ip)`);
    });
    return;
  } catch (error) {
    attempts[0]?.request.log.error({ reason: reasonOf(error) }, 'audit rows not written at once; writing each');
  }
  for (const attempt of attempts) await writeAudit(db, attempt);
}
