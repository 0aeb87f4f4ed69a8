import { sql } from 'drizzle-orm';
import { api } from '../../../domain/api';
import { addTrialPhotosReasons } from '../../../domain/user-actions';
import { customers } from '../../db/schema';
import { handle } from '../../http/handler';
import { lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import { customerRow } from '../rows';

/** Adds trial photos (the schema caps one action at 1000) and puts it on the timeline. */
export const addTrialPhotos = handle(api.userActions.addTrialPhotos, async ({ db, params, body, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  const updated = await updateCustomer(db, record.id, {
    trialPhotosMax: sql`${customers.trialPhotosMax} + ${body.amount}`,
  });
  const reason = addTrialPhotosReasons.find((entry) => entry.value === body.reason)?.label ?? body.reason;
  await recordStaffAction(db, record.id, staff, 'Trial photos added', [
    { label: 'Photos', value: String(body.amount) },
    { label: 'Reason', value: reason },
    ...(body.description ? [{ label: 'Description', value: body.description }] : []),
  ]);
  return { user: customerRow(updated, staff.role) };
});
