import { and, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
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
export const unsuspendUser = handle(api.users.unsuspend, async ({ db, params, staff }) => {
  const record = await liftSuspension(db, params.user_id);
  if (!record) return explainMiss(db, params.user_id, 'not_suspended');
  return { user: customerRow(record, staff.role) };
});
