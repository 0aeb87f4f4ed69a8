import { api } from '../../../domain/api';
import { type Currency, currencies, formatMoney, money } from '../../../domain/money';
import { giveCreditCappedMax, giveCreditReasons } from '../../../domain/user-actions';
import { customerCredits } from '../../db/schema';
import { isoTimestamp } from '../../db/timestamps';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { findCustomer, recordStaffAction } from '../customer-records';

/**
 * Gives credit in the customer's currency: one append-only ledger row and a timeline event. A caller with only
 * give_credit_capped may give at most `giveCreditCappedMax` per action (403 `credit_cap_exceeded` naming the cap).
 * The pipeline makes it idempotent (Idempotency-Key).
 */
export const giveCredit = handle(api.userActions.giveCredit, async ({ db, params, body, staff, can }) => {
  const record = await findCustomer(db, params.user_id);
  const currency: Currency = (currencies as readonly string[]).includes(record.currency)
    ? (record.currency as Currency)
    : 'USD';
  if (!can('give_credit') && body.amount > giveCreditCappedMax) {
    const cap = formatMoney(money(giveCreditCappedMax * 100, currency));
    throw fail('credit_cap_exceeded', {
      field: 'amount',
      detail: `amount: your role may give at most ${cap} per action; ask a PL2, a master or an admin for more`,
    });
  }
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
      staffId: staff.id,
    })
    .returning();
  if (!row) throw new Error('credit not inserted');
  const value = money(minorUnits, currency);
  const reason = giveCreditReasons.find((entry) => entry.value === body.reason)?.label ?? body.reason;
  await recordStaffAction(db, record.id, staff, 'Credit given', [
    { label: 'Amount', value: formatMoney(value) },
    { label: 'Reason', value: reason },
    ...(body.description ? [{ label: 'Description', value: body.description }] : []),
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
});
