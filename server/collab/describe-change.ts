import { and, eq } from 'drizzle-orm';
import { allEndpoints } from '../../domain/api';
import { type Currency, currencies, formatMoney, money } from '../../domain/money';
import type { Database } from '../db/client';
import { customers, projects, recordVersions, staff } from '../db/schema';

/** The record whose change is told: its audit-trail kind and id. */
interface RecordRef {
  kind: string;
  id: string;
}

/** Each call's one-line summary, by id. */
export const summaries = new Map(allEndpoints.map((endpoint) => [endpoint.id, endpoint.summary]));

/** How long ago, as people say it: "just now", "3 min ago", or the UTC time. */
export function agoText(at: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(at)) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `at ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The customer a record belongs to (a customer, or a project's owner), with their currency. */
export async function customerOf(db: Database, record: RecordRef) {
  const id = Number(record.id);
  if (!Number.isSafeInteger(id)) return null;
  const fields = { firstName: customers.firstName, lastName: customers.lastName, currency: customers.currency };
  if (record.kind === 'customer') {
    const [row] = await db.select(fields).from(customers).where(eq(customers.id, id));
    return row ?? null;
  }
  if (record.kind === 'project') {
    const [row] = await db
      .select(fields)
      .from(projects)
      .innerJoin(customers, eq(customers.id, projects.customerId))
      .where(eq(projects.id, id));
    return row ?? null;
  }
  return null;
}

/** The `amount` of a stored request body in the currency given (or as a plain number), or null. */
export function amountOf(body: unknown, currency: string | undefined): string | null {
  const amount = (body as { amount?: unknown } | null)?.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  if (!currency || !(currencies as readonly string[]).includes(currency)) return amount.toFixed(2);
  return formatMoney(money(Math.round(amount * 100), currency as Currency));
}

/**
 * One sentence telling who last changed a record and how, for a refused stale preview: "Kenji Tran was just refunded
 * $5.00 by Hana Kobayashi", or for other calls "Kenji Tran was changed just now by Hana Kobayashi: Suspend a customer".
 */
export async function describeChange(db: Database, record: RecordRef, now = Date.now()): Promise<string> {
  const [row] = await db
    .select({
      callId: recordVersions.callId,
      body: recordVersions.body,
      changedAt: recordVersions.changedAt,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(recordVersions)
    .leftJoin(staff, eq(staff.id, recordVersions.staffId))
    .where(and(eq(recordVersions.kind, record.kind), eq(recordVersions.id, record.id)));
  const customer = await customerOf(db, record);
  const name = customer ? `${customer.firstName} ${customer.lastName}` : `${record.kind} #${record.id}`;
  if (!row) return `${name} changed since the preview was read`;
  const who = row.firstName ? `${row.firstName} ${row.lastName}` : 'the system';
  const ago = agoText(row.changedAt, now);
  const amount = amountOf(row.body, customer?.currency);
  const [just, later] = ago === 'just now' ? ['just ', ''] : ['', ` ${ago}`];
  if (row.callId === 'refunds.refund' && amount) return `${name} was ${just}refunded ${amount} by ${who}${later}`;
  if (row.callId === 'userActions.giveCredit' && amount) {
    return `${name} was ${just}given ${amount} of credit by ${who}${later}`;
  }
  const what = row.callId ? (summaries.get(row.callId) ?? row.callId) : 'a change';
  return `${name} was changed ${ago} by ${who}: ${what}`;
}
