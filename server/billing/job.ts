import type { Database } from '../db/client';
import { enqueueJob, registerJobKind } from '../jobs';
import { databaseToday, runBilling } from './run';

/** The job kind of a day's contract billing run. */
export const billingJobKind = 'contract_billing';

/** How often each server asks for the day's run (a day's job exists once, whoever asks first). */
export const billingScheduleMs = 10 * 60 * 1000;

registerJobKind<{ day: string }>(billingJobKind, {
  /** Batches renew the lease; a server that dies mid-run is taken over within a minute, with the same provider keys. */
  leaseSeconds: 60,
  async runWhole({ db, job, services, renew }) {
    if (!services.gateway) throw new Error('contract billing needs the payment gateway in the job services');
    await runBilling(db, services.gateway, { asOf: job.payload.day, leaseSeconds: 120, onBatch: renew });
  },
});

/**
 * Queues today's billing run, today by the database's clock, once across every server: each server calls this
 * periodically, the one insert that wins (`once_key`) is the day's job, and the job queue runs it on one worker.
 * Answers the job id when this call queued it, null when it already existed.
 */
export async function scheduleBilling(db: Database): Promise<number | null> {
  const day = await databaseToday(db);
  return enqueueJob(db, { kind: billingJobKind, payload: { day }, onceKey: `${billingJobKind}:${day}` });
}
