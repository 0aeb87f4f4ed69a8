import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog, staff } from '../db/schema';
import { amountOf, customerOf, summaries } from './describe-change';

/** What the audit trigger's NOTIFY on `loupe_changes` says (migration 0035). */
export interface ChangeNotice {
  id: number;
  at: string;
  staff_id: number | null;
  call_id: string;
  kind: string;
  target: string;
}

/** One change as a live stream sends it: the audit row's id, the record, who and what, in one quiet sentence. */
export interface ChangeEvent extends ChangeNotice {
  staff_name: string | null;
  /** e.g. "Hana Kobayashi gave $10.00 of credit". */
  text: string;
}

/** The notice of a NOTIFY payload, or null for anything else. */
export function parseNotice(payload: string): ChangeNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<ChangeNotice>;
    if (typeof value.id !== 'number' || typeof value.kind !== 'string' || typeof value.target !== 'string') return null;
    return {
      id: value.id,
      at: String(value.at ?? ''),
      staff_id: typeof value.staff_id === 'number' ? value.staff_id : null,
      call_id: String(value.call_id ?? ''),
      kind: value.kind,
      target: value.target,
    };
  } catch {
    return null;
  }
}

function sentence(callId: string, who: string, amount: string | null, undid: unknown): string {
  if (callId === 'refunds.refund' && amount) return `${who} refunded ${amount}`;
  if (callId === 'userActions.giveCredit' && amount) return `${who} gave ${amount} of credit`;
  if (callId === 'approvals.request' && amount) return `${who} asked a second person to approve ${amount} of credit`;
  if (callId === 'approvals.requestRefund' && amount) {
    return `${who} asked a second person to approve a card refund of ${amount}`;
  }
  if (callId === 'approvals.approve') return `${who} approved the request`;
  if (callId === 'approvals.reject') return `${who} rejected the request`;
  if (callId === 'undo.undo') {
    const what = summaries.get(String((undid as { call_id?: unknown } | null)?.call_id)) ?? 'a command';
    return `${who} undid: ${what.charAt(0).toLowerCase()}${what.slice(1)}`;
  }
  const summary = summaries.get(callId) ?? callId;
  return `${who}: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}`;
}

/** The event of a notice: the audit row's body and the staff member's name read once, the sentence made of them. */
export async function changeEventOf(db: Database, notice: ChangeNotice): Promise<ChangeEvent> {
  const [row] = await db
    .select({ body: auditLog.requestBody, undo: auditLog.undo, firstName: staff.firstName, lastName: staff.lastName })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(eq(auditLog.id, notice.id));
  const name = row?.firstName ? `${row.firstName} ${row.lastName}` : null;
  const customer =
    notice.call_id === 'refunds.refund' ||
    notice.call_id === 'userActions.giveCredit' ||
    notice.call_id === 'approvals.request' ||
    notice.call_id === 'approvals.requestRefund'
      ? await customerOf(db, { kind: notice.kind, id: notice.target })
      : null;
  const text = sentence(notice.call_id, name ?? 'The system', amountOf(row?.body, customer?.currency), row?.undo);
  return { ...notice, staff_name: name, text };
}
