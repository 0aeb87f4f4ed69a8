import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { api } from '../../../domain/api';
import { checkCreditCap, creditCapMessage, creditCapWindowHours } from '../../../domain/credit-cap';
import { type Currency, currencies, formatMoney, money } from '../../../domain/money';
import { type giveCreditBody, giveCreditReasons } from '../../../domain/user-actions';
import type { Database } from '../../db/client';
import { approvalThresholds, customerCredits } from '../../db/schema';
import { isoTimestamp } from '../../db/timestamps';
import { fail } from '../../http/errors';
import { handle, type StaffMember } from '../../http/handler';
import { noteForUndo } from '../../undo/note';
import { findCustomer, recordStaffAction } from '../customer-records';
import type { CustomerRecord } from '../rows';

/**
 * What a staff member gave a customer (in units of `currency`) within the daily cap's window, from the ledger. Takes
 * a transaction lock on the pair first, so that two parallel gifts are summed one after the other.
 */
async function givenInWindow(db: Database, staffId: number, customerId: number, currency: Currency): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`give_credit:${staffId}:${customerId}`}))`);
  const result = await db.execute<{ given: string | number }>(sql`
    select coalesce(sum(amount), 0) as given from customer_credits
     where customer_id = ${customerId} and staff_id = ${staffId} and source = 'STAFF' and currency = ${currency}
       and created_at > now() - make_interval(hours => ${creditCapWindowHours})`);
  return Number(result.rows[0]?.given ?? 0) / 100;
}

/**
 * Gives credit in the customer's currency: one append-only ledger row and a timeline event. A caller with only
 * give_credit_capped is held to domain/credit-cap.ts: 403 `credit_cap_exceeded` past the per-action cap,
 * `credit_daily_cap_exceeded` past what is left of their daily cap for this customer (both on `amount`, naming the
 * figures). The pipeline makes it idempotent (Idempotency-Key).
 */
export const giveCredit = handle(api.userActions.giveCredit, async ({ db, params, body, staff, can, request }) => {
  const record = await findCustomer(db, params.user_id);
  const currency: Currency = (currencies as readonly string[]).includes(record.currency)
    ? (record.currency as Currency)
    : 'USD';
  const capped = !can('give_credit');
  const given = capped ? await givenInWindow(db, staff.id, record.id, currency) : 0;
  const verdict = checkCreditCap(body.amount, capped, given);
  if (!verdict.ok) {
    const format = (units: number) => formatMoney(money(Math.round(units * 100), currency));
    throw fail(verdict.cap === 'per_action' ? 'credit_cap_exceeded' : 'credit_daily_cap_exceeded', {
      field: 'amount',
      detail: `amount: ${creditCapMessage(verdict, format)}`,
    });
  }
  const minorUnits = Math.round(body.amount * 100);
  const threshold = await approvalThresholdFor(db, staff.role);
  if (threshold !== null && minorUnits > threshold) {
    throw fail('approval_required', {
      field: 'amount',
      detail: `amount: credits above ${formatMoney(money(threshold, currency))} need a second person’s approval for your role; request approval`,
    });
  }
  const credit = await writeCredit(db, record, currency, body, staff, staff);
  noteForUndo(request, { undo: { credit_id: credit.id } });
  return credit;
});

/** The credit above which the role needs a second person (minor units of the customer's currency), or null. */
export async function approvalThresholdFor(db: Database, role: string): Promise<number | null> {
  const [row] = await db
    .select({ above: approvalThresholds.creditAboveMinor })
    .from(approvalThresholds)
    .where(eq(approvalThresholds.role, role));
  return row?.above ?? null;
}

/**
 * Writes one credit: the ledger row (given by `giver`) and the timeline event (recorded as `actor`'s action: the
 * approver when a second person approved it). Shared by give_credit and an approved request.
 */
export async function writeCredit(
  db: Database,
  record: CustomerRecord,
  currency: Currency,
  body: z.output<typeof giveCreditBody>,
  giver: StaffMember,
  actor: StaffMember,
) {
  const minorUnits = Math.round(body.amount * 100);
  const [row] = await db
    .insert(customerCredits)
    .values({
      customerId: record.id,
      amount: minorUnits,
      currency,
      reason: body.reason,
      description: body.description,
      source: 'STAFF',
      staffId: giver.id,
    })
    .returning();
  if (!row) throw new Error('credit not inserted');
  const value = money(minorUnits, currency);
  const reason = giveCreditReasons.find((entry) => entry.value === body.reason)?.label ?? body.reason;
  await recordStaffAction(db, record.id, actor, 'Credit given', [
    { label: 'Amount', value: formatMoney(value) },
    { label: 'Reason', value: reason },
    ...(body.description ? [{ label: 'Description', value: body.description }] : []),
    ...(giver.id !== actor.id ? [{ label: 'Requested by', value: `${giver.firstName} ${giver.lastName}` }] : []),
  ]);
  return {
    id: row.id,
    user_id: record.id,
    date: isoTimestamp(row.createdAt),
    amount: body.amount,
    reason: body.reason,
    description: body.description,
    value,
  };
}

/** The customer's currency, USD when the record holds another. */
export function creditCurrency(record: CustomerRecord): Currency {
  return (currencies as readonly string[]).includes(record.currency) ? (record.currency as Currency) : 'USD';
}
