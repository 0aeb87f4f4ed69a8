/**
 * The server's one job queue, on our own tables `jobs` and `job_items` (docs/jobs-and-bulk.md). Use it for work that outlives
 * a request: bulk runs over customers, mass e-mail…
 *
 *   // once, at import time of a module server/calls.ts imports (e.g. next to the handler that enqueues it):
 *   registerJobKind<{ template: string }>('newsletter', {
 *     batchSize: 200,
 *     // optional: fill the items when the job first runs (or pass `items` to enqueueJob)
 *     plan: (db, job) => addJobItemsFrom(db, job.id, sql`select id::text as key from customers order by id`),
 *     // one item, in a savepoint of its batch's transaction: its writes commit with its state (exactly once);
 *     // return done or skipped (with a reason code); throw to fail it (its writes are rolled back)
 *     runItem: async ({ db, job, item }) => { await queueEmail(db, Number(item.key), job.payload.template);
 *       return { state: 'done' }; },
 *   });
 *   // in a handler's transaction: the job exists once the call commits
 *   const id = await enqueueJob(ctx.db, { kind: 'newsletter', payload: { template }, createdBy: ctx.staff.id });
 *   // progress: readJob(db, id) → state, total, done, skipped, failed; countJobItems, listJobItems for details
 *   // cancelJob(db, id) stops it before its next batch; retryFailedItems(db, id) queues the failed items again
 *
 * The worker (`JobWorker`) is started by server/main.ts and stopped on shutdown; a job whose server died is taken
 * over once its lease lapses, and goes on from its first pending item.
 */
export {
  addJobItems,
  addJobItemsFrom,
  cancelJob,
  countJobItems,
  type EnqueueOptions,
  enqueueJob,
  listJobItems,
  readJob,
  retryFailedItems,
} from './queue';
export {
  type ItemFailure,
  type ItemOutcome,
  type Job,
  type JobItem,
  type JobKind,
  type JobServices,
  registeredJobKinds,
  registerJobKind,
} from './registry';
export { JobWorker, type JobWorkerOptions } from './worker';
