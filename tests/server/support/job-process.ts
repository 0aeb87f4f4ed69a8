/**
 * A second (third…) server's job worker in a process of its own, for the two-process tests and benches:
 * `node --import tsx tests/server/support/job-process.ts` with JOB_DATABASE_URL set. It runs every registered kind
 * (bulk runs, broadcasts) like server/main.ts does, until its stdin closes; then it finishes its batch and prints
 * `{"transientRetried": n}` (batches run again after a deadlock, a serialization failure or a lost connection).
 * BROADCAST_CUSTOMERS_PER_ITEM / BROADCAST_ITEMS_PER_BATCH cut broadcasts smaller, so they interleave with bulk runs.
 */
import { callHandlers } from '../../../server/calls';
import { appConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { fileStoreFrom } from '../../../server/files/choose-store';
import { JobWorker } from '../../../server/jobs';
import { broadcastSizing } from '../../../server/notifications/sending';
import { testSecret } from './test-api';

const url = process.env.JOB_DATABASE_URL;
if (!url) throw new Error('JOB_DATABASE_URL is not set');
broadcastSizing.customersPerItem = Number(process.env.BROADCAST_CUSTOMERS_PER_ITEM ?? broadcastSizing.customersPerItem);
broadcastSizing.itemsPerBatch = Number(process.env.BROADCAST_ITEMS_PER_BATCH ?? broadcastSizing.itemsPerBatch);
broadcastSizing.rowsPerSecond = Number.POSITIVE_INFINITY;
const handle = await openDatabase({ url, poolSize: 4 });
const worker = new JobWorker(handle.db, {
  pollMs: 20,
  retryAfterSeconds: 0.2,
  services: { config: appConfig({ jwtSecret: testSecret }), handlers: callHandlers, files: fileStoreFrom() },
  onError: (error) => process.stderr.write(`job-process: ${error instanceof Error ? error.message : error}\n`),
  onTransient: () => {},
});
worker.start();
process.stdout.write('ready\n');
process.stdin.resume();
process.stdin.on('end', async () => {
  await worker.stop();
  await handle.close();
  process.stdout.write(`${JSON.stringify({ transientRetried: worker.transientRetried })}\n`);
  process.exit(0);
});
