import { OutboxTable } from './OutboxTable';

/**
 * Operations center › Outbox: every e-mail the service sent or is sending, newest first. Filter by customer with the
 * Customer column (`Customer = 57`), by status (Failed) or recipient; Enter opens the customer.
 */
export function OutboxTab() {
  return <OutboxTable id="operations.outbox" label="Outbox" />;
}
