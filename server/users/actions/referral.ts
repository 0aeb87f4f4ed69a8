import { eq, sql } from 'drizzle-orm';
import { api } from '../../../domain/api';
import { customers } from '../../db/schema';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import { customerRow } from '../rows';

const paying = new Set(['METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT']);

/**
 * Records that this customer referred another (by id or e-mail): the referred customer's `referred_by` becomes this
 * customer's e-mail, and this customer's referred counts go up (subscribed too when the referred one pays).
 */
export const addReferral = handle(api.userActions.addReferral, async ({ db, params, body, staff }) => {
  const referrer = await lockCustomer(db, params.user_id);
  const text = body.referred_user;
  const byId = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647;
  const [referred] = await db
    .select()
    .from(customers)
    .where(byId ? eq(customers.id, Number(text)) : sql`lower(${customers.email}) = lower(${text})`)
    .for('update');
  if (!referred) throw fail('referred_user_not_found', { field: 'referred_user' });
  if (referred.id === referrer.id) throw fail('self_referral', { field: 'referred_user' });
  if (referred.referredBy) {
    throw fail('already_referred', {
      field: 'referred_user',
      detail: `referred_user: that customer is already recorded as referred by ${referred.referredBy}`,
    });
  }
  await updateCustomer(db, referred.id, { referredBy: referrer.email });
  const updated = await updateCustomer(db, referrer.id, {
    referredSignups: sql`${customers.referredSignups} + 1`,
    referredSubscribed: sql`${customers.referredSubscribed} + ${paying.has(referred.subscriptionType) ? 1 : 0}`,
  });
  await recordStaffAction(db, referrer.id, staff, 'Referral added', [
    { label: 'Referred', value: `#${referred.id} ${referred.email}` },
  ]);
  await recordStaffAction(db, referred.id, staff, 'Recorded as referred', [
    { label: 'Referred by', value: `#${referrer.id} ${referrer.email}` },
  ]);
  return { user: customerRow(updated, staff.role), referred_user_id: referred.id };
});
