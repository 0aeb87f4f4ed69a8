import { sql } from 'drizzle-orm';
import { api } from '../../../domain/api';
import { labelOf } from '../../../domain/labels';
import { cullingSubscriptionLabels } from '../../../domain/users';
import { customers } from '../../db/schema';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import { cullingTileOf } from '../details/panels';

/** Grants (or extends) a free culling plan of 1–12 months; 409 while a paid culling plan runs. */
export const grantFreeCullingPlan = handle(
  api.userActions.grantFreeCullingPlan,
  async ({ db, params, body, staff }) => {
    const record = await lockCustomer(db, params.user_id);
    if (record.cullingSubscriptionType === 'MONTHLY' || record.cullingSubscriptionType === 'YEARLY') {
      throw fail('culling_plan_active');
    }
    const extending = record.cullingSubscriptionType === 'FREE' && record.cullingPlanEnd !== null;
    const from = extending ? sql`greatest(${customers.cullingPlanEnd}, now())` : sql`now()`;
    const updated = await updateCustomer(db, record.id, {
      cullingSubscriptionType: 'FREE',
      cullingPlanStart: extending ? record.cullingPlanStart : sql`now()`,
      cullingPlanEnd: sql`${from} + make_interval(months => ${body.months})`,
    });
    await recordStaffAction(
      db,
      record.id,
      staff,
      extending ? 'Free culling plan extended' : 'Free culling plan granted',
      [{ label: 'Months', value: String(body.months) }],
    );
    return cullingTileOf(updated);
  },
);

/** Ends the culling plan now, with a reason; 409 when there is none. */
export const terminateCullingPlan = handle(
  api.userActions.terminateCullingPlan,
  async ({ db, params, body, staff }) => {
    const record = await lockCustomer(db, params.user_id);
    if (record.cullingSubscriptionType === 'NONE') throw fail('no_culling_plan');
    const updated = await updateCustomer(db, record.id, {
      cullingSubscriptionType: 'NONE',
      cullingPlanStart: null,
      cullingPlanEnd: null,
    });
    await recordStaffAction(db, record.id, staff, 'Culling plan terminated', [
      { label: 'Plan', value: labelOf(cullingSubscriptionLabels, record.cullingSubscriptionType) },
      { label: 'Reason', value: body.reason },
    ]);
    return cullingTileOf(updated);
  },
);

/** Adds culling credits. */
export const grantCullingCredits = handle(api.userActions.grantCullingCredits, async ({ db, params, body, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  const updated = await updateCustomer(db, record.id, {
    cullingCredits: sql`${customers.cullingCredits} + ${body.amount}`,
  });
  await recordStaffAction(db, record.id, staff, 'Culling credits granted', [
    { label: 'Credits', value: String(body.amount) },
  ]);
  return cullingTileOf(updated);
});
