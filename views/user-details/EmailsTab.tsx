import { OutboxTable } from '../operations-center/OutboxTable';
import type { UserTabProps } from './tab-props';

/** E-mails: what was sent to this customer, with delivery status and errors (for whoever may open the customer). */
export function EmailsTab({ row }: UserTabProps) {
  return (
    <OutboxTable id="user.emails" label="E-mails to the customer" customerId={row.id} hiddenColumns={['user_id']} />
  );
}
