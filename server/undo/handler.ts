import { and, eq, sql } from 'drizzle-orm';
import { allEndpoints, api } from '../../domain/api';
import { permissionsOfCall } from '../../domain/endpoint';
import { canAny } from '../../domain/permissions';
import { undoWindowMinutes } from '../../domain/undo';
import { changeEventOf } from '../collab/change-events';
import { describeChange, summaries } from '../collab/describe-change';
import type { Database } from '../db/client';
import { auditLog, staff as staffTable } from '../db/schema';
import { type ApiError, fail, isApiError } from '../http/errors';
import { handle, type StaffMember } from '../http/handler';
import { noteForUndo } from './note';
import { reversalOf, type UndoneRow, whyIrreversible } from './reversals';

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const nameOf = (person: { firstName: string | null; lastName: string | null } | undefined) =>
  person?.firstName ? `${person.firstName} ${person.lastName}` : 'someone';

/** The audit row to undo, with who ran it and whether it is past the undo window; 404 when there is none. */
async function readRow(db: Database, id: number) {
  const [row] = await db
    .select({
      id: auditLog.id,
      callId: auditLog.callId,
      path: auditLog.path,
      targetKind: auditLog.targetKind,
      targetId: auditLog.targetId,
      requestBody: auditLog.requestBody,
      undo: auditLog.undo,
      staffId: auditLog.staffId,
      outcome: auditLog.outcome,
      expired: sql<boolean>`${auditLog.at} < now() - make_interval(mins => ${undoWindowMinutes})`,
      firstName: staffTable.firstName,
      lastName: staffTable.lastName,
    })
    .from(auditLog)
    .leftJoin(staffTable, eq(staffTable.id, auditLog.staffId))
    .where(eq(auditLog.id, id));
  if (!row) throw fail('undo_not_found');
  return row;
}

/** Who undid row `id` ("You" for the caller), when its undo has committed already; else null. */
async function undoneBy(db: Database, id: number, caller: StaffMember): Promise<string | null> {
  const [row] = await db
    .select({ staffId: auditLog.staffId, firstName: staffTable.firstName, lastName: staffTable.lastName })
    .from(auditLog)
    .leftJoin(staffTable, eq(staffTable.id, auditLog.staffId))
    .where(
      and(
        eq(auditLog.callId, 'undo.undo'),
        eq(auditLog.outcome, 'ok'),
        sql`${auditLog.undo}->>'undid' = ${String(id)}`,
      ),
    );
  if (!row) return null;
  return row.staffId === caller.id ? 'You' : nameOf(row);
}

/**
 * Locks the record's version row (after the reverse ran, so data rows and then the version row are locked in the
 * same order as every other command's audit trigger does) and checks the undone row is still its last change: a
 * later one, committed by now, is 409 naming who did what ("Hana Kobayashi gave $10.00 of credit since").
 */
async function checkStillLast(db: Database, row: UndoneRow, caller: StaffMember): Promise<void> {
  const locked = await db.execute<{ audit_id: string | number | null; call_id: string | null }>(sql`
    insert into record_versions (kind, id, version) values (${row.targetKind}, ${row.targetId}, 0)
    on conflict (kind, id) do update set kind = excluded.kind
    returning audit_id, call_id`);
  const last = locked.rows[0];
  const lastId = last?.audit_id == null ? null : Number(last.audit_id);
  if (lastId === row.id) return;
  const undid = await undoneBy(db, row.id, caller);
  if (undid) throw fail('undo_done', { detail: `${undid} undid this already` });
  if (lastId === null) {
    throw fail('undo_stale', { detail: await describeChange(db, { kind: row.targetKind, id: row.targetId }) });
  }
  const event = await changeEventOf(db, {
    id: lastId,
    at: '',
    staff_id: null,
    call_id: last?.call_id ?? '',
    kind: row.targetKind,
    target: row.targetId,
  });
  throw fail('undo_stale', { detail: `${event.text} since; nothing was undone` });
}

/**
 * POST undo/:audit_id — undoes one command by its audit row. Refusals, in order: no such row 404; a call without a
 * reverse (or one that did not run) 400; older than the window 410; someone else's command and a role that may not run
 * its reverse 403; undone already 409; the reverse's own refusal (e.g. not suspended) or a later change to the record
 * 409 naming it. The undo is its own audit row on the same record, "undid #4711", so watchers hear it.
 */
export const undoCommand = handle(api.undo.undo, async (context) => {
  const { db, params, staff } = context;
  const found = await readRow(db, params.audit_id);
  // The catalogue's summary without its notes: "Put a bundle in the shop (builds its page); only …" → its first words.
  const summary = (summaries.get(found.callId) ?? found.callId).replace(/\s*\(.*?\)|;.*$/g, '');
  const reversal = reversalOf(found.callId);
  if (!reversal) throw fail('undo_not_reversible', { detail: whyIrreversible(found.callId, summary) });
  if (found.outcome !== 'ok') {
    throw fail('undo_not_reversible', {
      detail: 'This command did not run (it was refused): there is nothing to undo',
    });
  }
  if (!found.targetKind || !found.targetId) throw fail('undo_not_reversible');
  if (found.expired) throw fail('undo_expired');
  const own = found.staffId === staff.id;
  const forwardCall = allEndpoints.find((endpoint) => endpoint.id === found.callId);
  const forward = forwardCall ? permissionsOfCall(forwardCall) : [];
  if (own ? !canAny(staff.role, forward) : !canAny(staff.role, reversal.permissions)) {
    throw fail('undo_forbidden', {
      detail: own
        ? `Your role may no longer ${lower(summary)}, nor undo it`
        : `${nameOf(found)} ran this command (${lower(summary)}); your role may not undo it`,
    });
  }
  const row: UndoneRow = {
    ...found,
    targetKind: found.targetKind,
    targetId: found.targetId,
    undo: (found.undo ?? null) as Record<string, unknown> | null,
  };
  const undid = await undoneBy(db, row.id, staff);
  if (undid) throw fail('undo_done', { detail: `${undid} undid this already` });
  let refusal: ApiError | null = null;
  try {
    await db.transaction((savepoint) => reversal.run({ ...context, db: savepoint, row }));
  } catch (error) {
    if (!isApiError(error)) throw error;
    refusal = error;
  }
  // A later change explains a refusal better than the reverse's own words ("not suspended").
  await checkStillLast(db, row, staff);
  if (refusal) throw refusal;
  noteForUndo(context.request, {
    target: { kind: row.targetKind, id: row.targetId },
    detail: `undid #${row.id}`,
    undo: { undid: row.id, call_id: row.callId },
  });
  return { undone: row.id, call_id: row.callId, text: `Undid: ${lower(summary)}` };
});
