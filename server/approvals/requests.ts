import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { approvalRequestSchema } from '../../domain/approvals';
import type { Currency } from '../../domain/money';
import { money } from '../../domain/money';
import { lockVersion } from '../collab/preconditions';
import type { Database } from '../db/client';
import { approvalRequests, staff as staffTable } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import type { StaffMember } from '../http/handler';

export type ApprovalAnswer = z.output<typeof approvalRequestSchema>;
export type RequestRow = typeof approvalRequests.$inferSelect;

export async function staffById(db: Database, id: number): Promise<StaffMember> {
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
export async function describe(db: Database, rows: RequestRow[]): Promise<ApprovalAnswer[]> {
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
      kind: row.kind as ApprovalAnswer['kind'],
      user_id: row.customerId,
      project_id: row.projectId,
      customer_name: named?.customer_name ?? '',
      requested_by: row.requestedBy,
      requested_by_name: named?.requested_by_name ?? '',
      value: money(row.amountMinor, row.currency as Currency),
      args: row.args as ApprovalAnswer['args'],
      status: named?.expired ? 'EXPIRED' : (row.status as ApprovalAnswer['status']),
      decided_by: row.decidedBy,
      decided_by_name: named?.decided_by_name ?? null,
      reason: row.reason,
      credit_id: row.creditId,
      ledger_id: row.ledgerId,
      created_at: isoTimestamp(row.createdAt),
      expires_at: isoTimestamp(row.expiresAt),
      decided_at: row.decidedAt === null ? null : isoTimestamp(row.decidedAt),
    };
  });
}

/** One request as the list shows it. */
export async function describeOne(db: Database, row: RequestRow): Promise<ApprovalAnswer> {
  const [answer] = await describe(db, [row]);
  if (!answer) throw new Error('approval request not described');
  return answer;
}

/**
 * Locks a request (FOR UPDATE), after its version row: an approval (a money call) bumps that first and the audit
 * trigger at the end of every decision, so taking it first keeps one lock order (no deadlock between two deciders).
 */
export async function lockRequest(db: Database, id: number): Promise<RequestRow> {
  await lockVersion(db, { kind: 'approval', id: String(id), version: 0 });
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  if (!row) throw fail('approval_not_found');
  return row;
}

/**
 * The request, locked (FOR UPDATE, `lockRequest`) so that two approvers deciding at once are served one after the other; refused
 * for its own requester (403), once decided (409) and past its 24 hours (410). `resumeKey`: a card refund this
 * approver's same request (same provider key) claimed already, whose answer was lost, goes on (the provider refunds
 * a key once).
 */
export async function lockUndecided(
  db: Database,
  id: number,
  caller: StaffMember,
  resumeKey?: string,
): Promise<RequestRow> {
  const row = await lockRequest(db, id);
  if (row.requestedBy === caller.id) throw fail('approval_own_request');
  const resuming = resumeKey !== undefined && row.providerKey === resumeKey && row.decidedBy === caller.id;
  if (row.status !== 'PENDING' && !resuming) {
    const described = await describeOne(db, row);
    throw fail('approval_decided', {
      detail: `This request was ${row.status.toLowerCase()} already by ${described.decided_by_name ?? 'someone'}`,
    });
  }
  if (resuming) return row;
  const [{ expired } = { expired: false }] = (
    await db.execute<{ expired: boolean }>(sql`select ${row.expiresAt}::timestamptz <= now() as expired`)
  ).rows;
  if (expired) throw fail('approval_expired');
  return row;
}
