import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { subjectOf } from './render';

/** One e-mail to send: which template, to whom, about which customer, filled with what. */
export interface OutgoingEmail {
  template: string;
  recipient: string;
  customerId: number | null;
  payload: Record<string, unknown>;
}

/**
 * Queues an e-mail in the outbox (in the call's transaction, so a failed call sends nothing) and returns its row id.
 * The delivery worker (./delivery.ts) sends it once the transaction has committed, when SMTP is configured.
 */
export async function queueEmail(db: Database, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ ...email, subject: subjectOf(email.template, email.payload) })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox row not inserted');
  return row.id;
}
