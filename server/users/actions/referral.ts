import { asc, eq, inArray, sql } from 'drizzle-orm';
import { api } from '../../../domain/api';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { findCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import { type CustomerRecord, customerRow } from '../rows';

const paying = new Set(['METERED', 'METERED_WITH_BASE', 'CORPORATE_CONTRACT']);

/** How far up a chain of referrers the cycle check looks (chains are short; this only bounds bad data). */
const maxChain = 1000;

/** The id of the customer a referral names (an id in canonical decimal, or an e-mail in any case), or 404. */
async function referredIdOf(db: Database, text: string): Promise<number> {
  const byId = /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647;
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(byId ? eq(customers.id, Number(text)) : sql`lower(${customers.email}) = lower(${text})`);
  if (!found) throw fail('referred_user_not_found', { field: 'referred_user' });
  return found.id;
}

/**
 * Locks both customers in id order (two crossed referrals then queue instead of deadlocking). Referrals are first
 * serialised among themselves (a transaction advisory lock), so the cycle check below sees every committed chain.
 */
async function lockPair(db: Database, referrerId: number, referredId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('loupe:referrals'))`);
  const rows = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, [referrerId, referredId]))
    .orderBy(asc(customers.id))
    .for('update');
  const referrer = rows.find((row) => row.id === referrerId);
  const referred = rows.find((row) => row.id === referredId);
  if (!referrer) throw fail('customer_not_found');
  if (!referred) throw fail('referred_user_not_found', { field: 'referred_user' });
  return { referrer, referred };
}

/** True when `referred` is already up the referrer's chain (referrer ← … ← referred): the referral would close a circle. */
async function closesCycle(db: Database, referrer: CustomerRecord, referred: CustomerRecord): Promise<boolean> {
  const result = await db.execute<{ found: number }>(sql`
    with recursive chain(id, referred_by, depth) as (
      select id, referred_by, 0 from customers where id = ${referrer.id}
      union all
      select c.id, c.referred_by, chain.depth + 1
      from customers c join chain on lower(c.email) = lower(chain.referred_by)
      where chain.depth < ${maxChain}
    )
    select 1 as found from chain where id = ${referred.id} limit 1`);
  return result.rows.length > 0;
}

/**
 * Records that this customer referred another (by id or e-mail): the referred customer's `referred_by` becomes this
 * customer's e-mail, and this customer's referred counts go up (subscribed too when the referred one pays). Self,
 * already referred and a circle (B already refers A, directly or through others) are 409s.
 */
export const addReferral = handle(api.userActions.addReferral, async ({ db, params, body, staff }) => {
  await findCustomer(db, params.user_id);
  const referredId = await referredIdOf(db, body.referred_user);
  if (referredId === params.user_id) throw fail('self_referral', { field: 'referred_user' });
  const { referrer, referred } = await lockPair(db, params.user_id, referredId);
  if (referred.referredBy) {
    throw fail('already_referred', {
      field: 'referred_user',
      detail: `referred_user: that customer is already recorded as referred by ${referred.referredBy}`,
    });
  }
  if (await closesCycle(db, referrer, referred)) throw fail('referral_cycle', { field: 'referred_user' });
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
