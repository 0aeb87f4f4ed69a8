import type { UserTarget } from '../../commands/target';
import type { CustomerRow } from '../../domain/users';

/** What every user details tab receives: the customer's row and the same customer as a command target. */
export interface UserTabProps {
  row: CustomerRow;
  target: UserTarget;
}
