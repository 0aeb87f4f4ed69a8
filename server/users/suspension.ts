import { and, eq, type SQL, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { type ApiError, fail } from '../http/errors';
import { handle } from '../http/handler';
import { noteForUndo } from '../undo/note';
import { type CustomerRecord, customerRow } from './rows';

/** Why a conditional update touched nothing: no such customer (404), or it is not in the expected state (409). */
async function explainMiss(db: Database, id: number, conflict: 'already_suspended' | 'not_suspended'): Promise<never> {
  const [exists] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  throw fail(exists ? conflict : 'customer_not_found');
}

/** Suspends an active customer with a reason and description; 409 when already suspended. */
export const suspendUser = handle(api.users.suspend, async ({ db, params, body, staff }) => {
  const [record] = await db
    .update(customers)
    .set({
      status: 'SUSPENDED',
      suspendedAt: sql`now()`,
      suspendReason: body.reason,
      suspendDescription: body.description,
      lastUpdatedRow: sql`now()`,
    })
    .where(and(eq(customers.id, params.user_id), eq(customers.status, 'ACTIVE')))
    .returning();
  if (!record) return explainMiss(db, params.user_id, 'already_suspended');
  return { user: customerRow(record, staff.role) };
});

/** Lifts a suspended customer's suspension (status, date, reason, description); undefined when not suspended. */
export async function liftSuspension(db: Database, id: number): Promise<CustomerRecord | undefined> {
  const [record] = await db
    .update(customers)
    .set({
      status: 'ACTIVE',
      suspendedAt: null,
      suspendReason: null,
      suspendDescription: null,
      lastUpdatedRow: sql`now()`,
    })
    .where(and(eq(customers.id, id), eq(customers.status, 'SUSPENDED')))
    .returning();
  return record;
}

/** Lifts a suspension and clears its date, reason and description; 409 when not suspended. */
export const unsuspendUser = handle(api.users.unsuspend, async ({ db, params, staff, request }) => {
  // The suspension's reason, kept for an undo (which suspends again with it).
  const [before] = await db
    .select({ reason: customers.suspendReason, description: customers.suspendDescription })
    .from(customers)
    .where(eq(customers.id, params.user_id))
    .for('update');
  const record = await liftSuspension(db, params.user_id);
  if (!record) return explainMiss(db, params.user_id, 'not_suspended');
  noteForUndo(request, { undo: { reason: before?.reason ?? null, description: before?.description ?? null } });
  return { user: customerRow(record, staff.role) };
});

/**
 * The set forms of suspend and unsuspend (bulk runs' fast path, server/bulk/run-set.ts): one statement for many
 * customers with the single call's condition, answering per id what the single call would: null when it changed the
 * customer, else its refusal (409 for the state, 404 for an unknown id).
 */
async function changeEach(
  db: Database,
  ids: readonly number[],
  change: SQL,
  from: 'ACTIVE' | 'SUSPENDED',
  conflict: 'already_suspended' | 'not_suspended',
): Promise<(ApiError | null)[]> {
  const result = await db.execute<{ id: number; changed: boolean; found: boolean }>(sql`
    with target as (select unnest(${sql.param(ids)}::int[]) as id),
    changed as (
      update customers set ${change}, last_updated_row = now()
      from target where customers.id = target.id and customers.status = ${from}
      returning customers.id)
    select target.id, changed.id is not null as changed,
      exists (select 1 from customers found where found.id = target.id) as found
    from target left join changed on changed.id = target.id`);
  const byId = new Map(result.rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (row?.changed) return null;
    return fail(row?.found ? conflict : 'customer_not_found');
  });
}

export function suspendEach(
  db: Database,
  ids: readonly number[],
  body: { reason: string; description: string },
): Promise<(ApiError | null)[]> {
  const change = sql`status = 'SUSPENDED', suspended_at = now(), suspend_reason = ${body.reason},
    suspend_description = ${body.description}`;
  return changeEach(db, ids, change, 'ACTIVE', 'already_suspended');
}

export function unsuspendEach(db: Database, ids: readonly number[]): Promise<(ApiError | null)[]> {
  const change = sql`status = 'ACTIVE', suspended_at = null, suspend_reason = null, suspend_description = null`;
  return changeEach(db, ids, change, 'SUSPENDED', 'not_suspended');
}
