import { parseArgs } from 'node:util';
import { collisionRound, insertCollisionCustomers, startJobProcess } from '../server/support/job-collisions';
import { testApi } from '../server/support/test-api';

/**
 * `npm run bench:job-collisions`: issue 19's two-process probe at full size. Two job processes on one PostgreSQL
 * (a fresh database on TEST_DATABASE_URL's server, default the local one) run, each round, a broadcast and a bulk run
 * (suspend, then unsuspend) over the same `--customers` (default 5,000), for `--rounds` (default 5), and the bench
 * prints per round and in total: recipients notified once, duplicates, bulk rows done, the broadcast's state, and the
 * batches run again after a deadlock, a serialization failure or a lost connection. Exit code 1 on any row lost.
 */
const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '5' },
    /** Customers per broadcast item and items per broadcast batch (the server's defaults are 1,000 and 2). */
    'broadcast-item': { type: 'string', default: '250' },
    'broadcast-batch': { type: 'string', default: '2' },
  },
});
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const customers = Number(values.customers);
const rounds = Number(values.rounds);

const api = await testApi({ backend: 'pg' });
let lost = 0;
try {
  await insertCollisionCustomers(api.db, customers, 'XC');
  const url = api.database.url;
  if (!url) throw new Error('no database url');
  const sizing = {
    BROADCAST_CUSTOMERS_PER_ITEM: values['broadcast-item'],
    BROADCAST_ITEMS_PER_BATCH: values['broadcast-batch'],
  };
  const processes = await Promise.all([startJobProcess(url, sizing), startJobProcess(url, sizing)]);
  const staff = { marketer: await api.signIn('MARKETER_PLUS'), support: await api.signIn('SUPPORT_MASTER') };
  const totals = { notified: 0, duplicates: 0, rowsDone: 0, sentRows: 0 };
  for (let round = 1; round <= rounds; round++) {
    const begun = performance.now();
    const outcome = await collisionRound(api, staff, round, 'XC', customers);
    totals.notified += outcome.notifiedOnce;
    totals.duplicates += outcome.duplicates;
    totals.rowsDone += outcome.rowsDone;
    totals.sentRows += outcome.broadcast.status === 'Sent' ? 1 : 0;
    lost += customers - outcome.notifiedOnce + (customers - outcome.rowsDone) + outcome.duplicates;
    console.log(
      `round ${round}: ${outcome.notifiedOnce}/${customers} notified once, ${outcome.duplicates} duplicates, ` +
        `${outcome.rowsDone}/${customers} bulk rows done, broadcast ${outcome.broadcast.sending_state} ` +
        `(${outcome.broadcast.failed_recipients} not reached), ${Math.round(performance.now() - begun)} ms`,
    );
  }
  const retried = (await Promise.all(processes.map((each) => each.stop()))).reduce((a, b) => a + b, 0);
  console.log(
    `rounds ${rounds}, customers ${customers}: recipients notified ${totals.notified}/${rounds * customers}, ` +
      `duplicates ${totals.duplicates}, bulk rows done ${totals.rowsDone}/${rounds * customers}, ` +
      `broadcasts Sent ${totals.sentRows}/${rounds}, batches retried after a transient failure ${retried}`,
  );
} finally {
  await api.close();
}
process.exit(lost === 0 ? 0 : 1);
