import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './support/databases';
import { collisionRound, insertCollisionCustomers, type JobProcess, startJobProcess } from './support/job-collisions';
import { type Client, useTestApi } from './support/test-api';

/**
 * Issue 19 item 2, the probe that found it, kept small enough for CI: two server processes on one PostgreSQL run a
 * broadcast and a bulk run over the same customers at the same time; every recipient is notified once, every bulk
 * row is done once, and the broadcast says Sent only when it reached everyone. The full five rounds over 5,000
 * customers, with the deadlocks retried, is `npm run bench:job-collisions`. PostgreSQL only: PGlite is one process.
 */
const customers = 1200;
const rounds = 2;

for (const backend of backends.filter((each) => each === 'pg')) {
  describe(`jobs that collide lose no rows: a broadcast and a bulk run on two processes [${backend}]`, () => {
    const t = useTestApi(backend);
    const processes: JobProcess[] = [];
    let staff: { marketer: Client; support: Client };
    beforeAll(async () => {
      staff = { marketer: await t.api.signIn('MARKETER_PLUS'), support: await t.api.signIn('SUPPORT_MASTER') };
      await insertCollisionCustomers(t.api.db, customers, 'XC');
      const url = t.api.database.url;
      if (!url) throw new Error('no database url');
      // Small broadcast batches, so that the two jobs' batches interleave over the same customers.
      const sizing = { BROADCAST_CUSTOMERS_PER_ITEM: '100', BROADCAST_ITEMS_PER_BATCH: '2' };
      processes.push(...(await Promise.all([startJobProcess(url, sizing), startJobProcess(url, sizing)])));
    }, 60_000);
    afterAll(async () => {
      await Promise.all(processes.map((each) => each.stop()));
    });

    it('notifies every recipient once and does every bulk row once, round after round', async () => {
      for (let round = 1; round <= rounds; round++) {
        const outcome = await collisionRound(t.api, staff, round, 'XC', customers);
        expect(outcome, `round ${round}`).toEqual({
          customers,
          notifiedOnce: customers,
          duplicates: 0,
          rowsDone: customers,
          broadcast: { status: 'Sent', sending_state: 'SENT', failed_recipients: 0 },
        });
      }
    }, 120_000);
  });
}
