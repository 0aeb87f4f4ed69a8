import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { api } from '../../domain/api';
import type { approvalRequestSchema } from '../../domain/approvals';
import { type Currency, formatMoney, money } from '../../domain/money';
import { roles } from '../../domain/roles';
import type { giveCreditBody } from '../../domain/user-actions';
import type { Database } from '../db/client';
import { approvalRequests, approvalThresholds, customers, staff as staffTable } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { type CallHandler, handle, type StaffMember } from '../http/handler';
import { approvalThresholdFor, creditCurrency, writeCredit } from '../users/actions/give-credit';
import { findCustomer } from '../users/customer-records';

type ApprovalAnswer = z.output<typeof approvalRequestSchema>;
type Row = typeof approvalRequests.$inferSelect;

async function thresholds(db: Database) {
  const rows = await db.select().from(approvalThresholds);
  const byRole = new Map(rows.map((row) => [row.role, row.creditAboveMinor]));
  return roles.map((role) => {
    const above = byRole.get(role);
    return { role, credit_above: above === undefined || above === null ? null : above / 100 };
  });
}

async function staffById(db: Database, id: number): Promise<StaffMember> {
  const [row] = await db.select().from(staffTable).where(eq(staffTable.id, id));
  if (!row) throw new Error(`staff ${id} not found`);
  return {
    id: row.id,
    role: row.role as StaffMember['role'],
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}

/** The answer for a request, with the names the Approvals page shows; an undecided request past its time is EXPIRED. */
async function describe(db: Database, rows: Row[]): Promise<ApprovalAnswer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const names = await db.execute<{
    id: number;
    customer_name: string;
    requested_by_name: string;
    decided_by_name: string | null;
    expired: boolean;
  }>(sql`
    select r.id, c.first_name || ' ' || c.last_name as customer_name,
           q.first_name || ' ' || q.last_name as requested_by_name,
           case when d.id is null then null else d.first_name || ' ' || d.last_name end as decided_by_name,
           (r.status = 'PENDING' and r.expires_at <= now()) as expired
      from approval_requests r
      join customers c on c.id = r.customer_id
      join staff q on q.id = r.requested_by
      left join staff d on d.id = r.decided_by
     where r.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  const byId = new Map(names.rows.map((row) => [Number(row.id), row]));
  return rows.map((row) => {
    const named = byId.get(row.id);
    return {
      id: row.id,
      kind: 'credit' as const,
      user_id: row.customerId,
      customer_name: named?.customer_name ?? '',
      requested_by: row.requestedBy,
      requested_by_name: named?.requested_by_name ?? '',
      value: money(row.amountMinor, row.currency as Currency),
      args: row.args as z.output<typeof giveCreditBody>,
      status: named?.expired ? 'EXPIRED' : (row.status as ApprovalAnswer['status']),
      decided_by: row.decidedBy,
      decided_by_name: named?.decided_by_name ?? null,
      reason: row.reason,
      credit_id: row.creditId,
      created_at: isoTimestamp(row.createdAt),
      expires_at: isoTimestamp(row.expiresAt),
      decided_at: row.decidedAt === null ? null : isoTimestamp(row.decidedAt),
    };
  });
}

/**
 * The request, locked (FOR UPDATE) so that two approvers deciding at once are served one after the other; refused
 * for its own requester (403), once decided (409) and past its 24 hours (410).
 */
async function lockUndecided(db: Database, id: number, caller: StaffMember): Promise<Row> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  if (!row) throw fail('approval_not_found');
  if (row.requestedBy === caller.id) throw fail('approval_own_request');
  if (row.status !== 'PENDING') {
    const [described] = await describe(db, [row]);
    throw fail('approval_decided', {
      detail: `This request was ${row.status.toLowerCase()} already by ${described?.decided_by_name ?? 'someone'}`,
    });
  }
  const [{ expired } = { expired: false }] = (
    await db.execute<{ expired: boolean }>(sql`select ${row.expiresAt}::timestamptz <= now() as expired`)
  ).rows;
  if (expired) throw fail('approval_expired');
  return row;
}

export const getThresholds = handle(api.approvals.thresholds, async ({ db }) => thresholds(db));

export const setThresholds = handle(api.approvals.setThresholds, async ({ db, body, staff }) => {
  for (const entry of body.thresholds) {
    const above = entry.credit_above === null ? null : Math.round(entry.credit_above * 100);
    await db
      .insert(approvalThresholds)
      .values({ role: entry.role, creditAboveMinor: above, updatedBy: staff.id })
      .onConflictDoUpdate({
        target: approvalThresholds.role,
        set: { creditAboveMinor: above, updatedBy: staff.id, updatedAt: sql`now()` },
      });
  }
  return thresholds(db);
});

export const requestApproval = handle(api.approvals.request, async ({ db, body, staff, can }) => {
  const { user_id: customerId, ...args } = body;
  const record = await findCustomer(db, customerId);
  const currency = creditCurrency(record);
  const minorUnits = Math.round(args.amount * 100);
  const threshold = await approvalThresholdFor(db, staff.role);
  if (threshold === null || minorUnits <= threshold) {
    throw fail('validation_failed', {
      field: 'amount',
      detail:
        threshold === null
          ? 'amount: your role needs no approval for credits; give it directly'
          : `amount: up to ${formatMoney(money(threshold, currency))} your role gives credit directly; no approval needed`,
    });
  }
  if (!can('give_credit')) {
    throw fail('forbidden', { detail: 'Your role may give only capped credit; a request cannot lift the cap' });
  }
  const [row] = await db
    .insert(approvalRequests)
    .values({
      kind: 'credit',
      customerId: record.id,
      args,
      amountMinor: minorUnits,
      currency,
      requestedBy: staff.id,
      expiresAt: sql`now() + interval '24 hours'`,
    })
    .returning();
  if (!row) throw new Error('approval request not inserted');
  const [answer] = await describe(db, [row]);
  if (!answer) throw new Error('approval request not described');
  return answer;
});

export const listApprovals = handle(api.approvals.list, async ({ db, staff }) => {
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(
      or(
        and(eq(approvalRequests.status, 'PENDING'), gt(approvalRequests.expiresAt, sql`now()`)),
        and(
          eq(approvalRequests.requestedBy, staff.id),
          gt(approvalRequests.createdAt, sql`now() - interval '24 hours'`),
        ),
      ),
    )
    .orderBy(asc(approvalRequests.createdAt), asc(approvalRequests.id))
    .limit(200);
  return describe(db, rows);
});

/** Records the decision on a request locked undecided (`lockUndecided`) and answers it as the list shows it. */
async function decide(
  db: Parameters<typeof describe>[0],
  id: number,
  decision: { status: 'APPROVED' | 'REJECTED'; decidedBy: number; creditId?: number; reason?: string },
) {
  const [decided] = await db
    .update(approvalRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'PENDING')))
    .returning();
  if (!decided) throw new Error('approval request changed under its lock');
  const [answer] = await describe(db, [decided]);
  if (!answer) throw new Error('approval request not described');
  return answer;
}

export const approve = handle(api.approvals.approve, async ({ db, params, staff }) => {
  const row = await lockUndecided(db, params.approval_id, staff);
  const [record] = await db.select().from(customers).where(eq(customers.id, row.customerId)).for('update');
  if (!record) throw fail('customer_not_found');
  const requester = await staffById(db, row.requestedBy);
  const args = row.args as z.output<typeof giveCreditBody>;
  const credit = await writeCredit(db, record, row.currency as Currency, args, requester, staff);
  return decide(db, row.id, { status: 'APPROVED', decidedBy: staff.id, creditId: credit.id });
});

export const reject = handle(api.approvals.reject, async ({ db, params, body, staff }) => {
  const row = await lockUndecided(db, params.approval_id, staff);
  return decide(db, row.id, { status: 'REJECTED', decidedBy: staff.id, reason: body.reason });
});

export const approvalHandlers: readonly CallHandler[] = [
  getThresholds,
  setThresholds,
  requestApproval,
  listApprovals,
  approve,
  reject,
];
