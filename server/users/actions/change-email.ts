import { api } from '../../../domain/api';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { isUniqueViolation, lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import { emailTaken } from '../details/general';
import { customerRow } from '../rows';
import { emailCustomer } from './emails';

const taken = () => fail('email_taken', { field: 'email', detail: 'email: another customer already uses this e-mail' });

/** Changes the customer's e-mail if no other customer uses it, and tells the old address. */
export const changeEmail = handle(api.userActions.changeEmail, async ({ db, params, body, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  if (record.email.toLowerCase() === body.email) return { user: customerRow(record, staff.role) };
  if (await emailTaken(db, body.email, record.id)) throw taken();
  const updated = await updateCustomer(db, record.id, { email: body.email }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? taken() : error;
  });
  await emailCustomer(db, record, 'EMAIL_CHANGED', { new_email: body.email }, staff);
  await recordStaffAction(db, record.id, staff, 'E-mail changed', [
    { label: 'From', value: record.email },
    { label: 'To', value: body.email },
  ]);
  return { user: customerRow(updated, staff.role) };
});
