import type { Database } from '../db/client';
import { outbox } from '../db/schema';

/** One e-mail to "send": which template, to whom, about which customer, filled with what. */
export interface OutgoingEmail {
  template: string;
  recipient: string;
  customerId: number | null;
  payload: Record<string, unknown>;
}

/** Queues an e-mail in the outbox (in the call's transaction) and returns its row id. */
export async function queueEmail(db: Database, email: OutgoingEmail): Promise<number> {
  const [row] = await db.insert(outbox).values(email).returning({ id: outbox.id });
  if (!row) throw new Error('outbox row not inserted');
  return row.id;
}
