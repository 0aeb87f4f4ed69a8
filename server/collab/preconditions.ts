import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Endpoint, isMutation, targetIdOf } from '../../domain/endpoint';
import type { Database } from '../db/client';
import { recordVersions } from '../db/schema';
import { auditableBody } from '../http/audit';
import { fail } from '../http/errors';
import type { StaffMember } from '../http/handler';
import { describeChange } from './describe-change';

/** One record a preview read, at the version it read: `"project:57@3"` in ETag and If-Match. */
export interface RecordVersion {
  kind: string;
  id: string;
  version: number;
}

/** At most this many records in one If-Match (a preview reads a few). */
const maxTags = 20;
const tagPattern = /^(?:W\/)?"([a-z_]{1,32}):(\d{1,18})@(\d{1,15})"$/;

/** The entity tag of a record at a version. */
export function versionTag({ kind, id, version }: RecordVersion): string {
  return `"${kind}:${id}@${version}"`;
}

/** The records an If-Match header names; none when absent or `*`; 400 `if_match_invalid` for anything else odd. */
export function parseIfMatch(header: string | string[] | undefined): RecordVersion[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined || text.trim() === '' || text.trim() === '*') return [];
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > maxTags) throw fail('if_match_invalid');
  return parts.map((part) => {
    const match = tagPattern.exec(part);
    if (!match) throw fail('if_match_invalid');
    const [, kind = '', id = '', version = ''] = match;
    if (!/^(0|[1-9]\d*)$/.test(id)) throw fail('if_match_invalid');
    return { kind, id, version: Number(version) };
  });
}

/** The record a call names (its catalogue target), or null. */
export function recordOf(endpoint: Endpoint, request: Pick<FastifyRequest, 'params' | 'body'>): RecordVersion | null {
  const id = targetIdOf(endpoint, request);
  return endpoint.target && id !== null ? { kind: endpoint.target.kind, id, version: 0 } : null;
}

/** The stored version of a record (0 when it never changed through a call). */
export async function readVersion(db: Database, record: Pick<RecordVersion, 'kind' | 'id'>): Promise<number> {
  const [row] = await db
    .select({ version: recordVersions.version })
    .from(recordVersions)
    .where(and(eq(recordVersions.kind, record.kind), eq(recordVersions.id, record.id)));
  return row?.version ?? 0;
}

/**
 * Locks a record's version row until the transaction ends (creating it at 0) and answers its version now. Code that
 * locks a record's own row and then writes an audit row naming it takes this first: the audit trigger bumps it at the
 * end, and a money call on the record bumps it at the start, so the version row always comes before the row.
 */
export async function lockVersion(db: Database, record: RecordVersion): Promise<number> {
  const rows = await db.execute<{ version: string | number }>(sql`
    insert into record_versions (kind, id, version) values (${record.kind}, ${record.id}, 0)
    on conflict (kind, id) do update set kind = excluded.kind
    returning version`);
  return Number(rows.rows[0]?.version ?? 0);
}

/**
 * Checks an action's If-Match inside its transaction: each record is locked (in one order, so two actions cannot
 * deadlock) and compared with the version the preview read; a record changed since is 409 `preview_stale`, saying
 * who changed it and how. A second action holding the same tags waits for the first to commit, then sees its change.
 */
export async function checkPreconditions(db: Database, wanted: readonly RecordVersion[]): Promise<void> {
  const ordered = [...wanted].sort((a, b) => `${a.kind}:${a.id}`.localeCompare(`${b.kind}:${b.id}`));
  for (const record of ordered) {
    const now = await lockVersion(db, record);
    if (now !== record.version) throw fail('preview_stale', { detail: await describeChange(db, record) });
  }
}

/**
 * A money call's record changes before its audit row is written (the provider is called in between): its version is
 * bumped as the call starts, in the transaction that committed the pending payment, so that a second action on the
 * same preview is refused at once rather than after the money moved.
 */
export async function bumpVersion(
  db: Database,
  record: RecordVersion,
  change: { staff: StaffMember; endpoint: Endpoint; body: unknown },
): Promise<void> {
  const body = JSON.stringify(auditableBody(change.body ?? null));
  await db.execute(sql`
    insert into record_versions (kind, id, version, staff_id, call_id, body, changed_at)
    values (${record.kind}, ${record.id}, 1, ${change.staff.id}, ${change.endpoint.id}, ${body}::jsonb, now())
    on conflict (kind, id) do update set version = record_versions.version + 1, staff_id = excluded.staff_id,
      call_id = excluded.call_id, body = excluded.body, changed_at = excluded.changed_at, audit_id = null`);
}

/**
 * The pipeline's step before a handler runs, in its transaction: a read of one record answers its version as an
 * ETag (read first, so a change after it makes the tag older, never newer, than the data); an action checks its
 * If-Match and, for a money call (`bump`), bumps its record's version at once.
 */
export async function honourVersions(
  db: Database,
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  bump = false,
): Promise<void> {
  if (!isMutation(endpoint)) {
    const record = recordOf(endpoint, request);
    if (record) reply.header('ETag', versionTag({ ...record, version: await readVersion(db, record) }));
    return;
  }
  const wanted = parseIfMatch(request.headers['if-match']);
  if (wanted.length > 0) await checkPreconditions(db, wanted);
  const record = bump ? recordOf(endpoint, request) : null;
  if (record && request.caller) {
    await bumpVersion(db, record, { staff: request.caller.staff, endpoint, body: request.body });
  }
}
