import { useMemo } from 'react';
import { OutboxTable } from '../operations-center/OutboxTable';
import { customerFilter } from '../operations-center/use-outbox';
import type { UserTabProps } from './tab-props';

/** E-mails: what was sent to this customer (the outbox filtered to them), with delivery status and errors. */
export function EmailsTab({ row }: UserTabProps) {
  const fixed = useMemo(() => [customerFilter(row.id)], [row.id]);
  return <OutboxTable id="user.emails" label="E-mails to the customer" fixed={fixed} hiddenColumns={['user_id']} />;
}
