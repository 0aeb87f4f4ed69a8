import { api } from '../../../domain/api';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import { customerRow } from '../rows';

/** Ignores the abusive flag; 409 when the customer is not flagged, or the flag is already ignored. */
export const ignoreAbusiveUser = handle(api.userActions.ignoreAbusiveUser, async ({ db, params, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  if (!record.abusiveSuspicious) throw fail('abusive_not_flagged');
  if (record.abusiveIgnore) throw fail('abusive_already_ignored');
  const updated = await updateCustomer(db, record.id, { abusiveIgnore: true });
  await recordStaffAction(db, record.id, staff, 'Abusive flag ignored');
  return { user: customerRow(updated, staff.role) };
});

/** Stops ignoring the abusive flag; 409 when it is not ignored. */
export const undoIgnoreAbusiveUser = handle(api.userActions.undoIgnoreAbusiveUser, async ({ db, params, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  if (!record.abusiveIgnore) throw fail('abusive_not_ignored');
  const updated = await updateCustomer(db, record.id, { abusiveIgnore: false });
  await recordStaffAction(db, record.id, staff, 'Abusive flag no longer ignored');
  return { user: customerRow(updated, staff.role) };
});
