import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../server/contracts/records';
import type { DatabaseHandle } from '../../server/db/client';
import { insertRunningContract } from './support/contracts';
import { backends, openTestDatabase } from './support/databases';
import { insertCustomer } from './support/fixtures';

const run = promisify(execFile);

/** `npm run billing` as operators run it: its own process, on the database's URL. */
function billing(url: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'server/billing/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: url, PAYMENT_GATEWAY: 'sandbox' },
    timeout: 60_000,
  });
}

// Two processes on one database: PostgreSQL only (an embedded PGlite database belongs to one process).
for (const backend of backends.filter((name) => name === 'pg')) {
  describe(`npm run billing, two servers at once [${backend}]`, () => {
    let database: DatabaseHandle & { url?: string };
    beforeAll(async () => {
      database = await openTestDatabase(backend);
    });
    afterAll(async () => {
      await database.close();
    });

    it('bills each period once when two processes run the same day at the same time, and again bills nothing', async () => {
      const url = database.url ?? '';
      const made = [];
      for (let index = 0; index < 6; index++) {
        const customer = await insertCustomer(database.db);
        made.push(await insertRunningContract(database.db, customer.id, { month: 2, photosUsed: 0 }));
      }
      const asOf = addMonths(made[0]?.contract.startDate ?? '', 4);
      const [first, second] = await Promise.all([billing(url, '--as-of', asOf), billing(url, '--as-of', asOf)]);
      const reports = [first, second].map((result) => JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}'));
      // Six contracts four months on: 24 periods due (installments and usage over the plan), each charged by one of
      // the two processes, none by both.
      expect(reports.map((report) => report.asOf)).toEqual([asOf, asOf]);
      expect(reports[0].charged + reports[1].charged).toBe(24);
      const counted = await database.db.execute<{ periods: number; twice: number; charges: number }>(sql`select
        (select count(*)::int from contract_billing_periods where state = 'charged') as periods,
        (select count(*)::int from (select contract_id from contract_billing_periods
          group by contract_id, month, kind having count(*) > 1) x) as twice,
        (select count(*)::int from payment_provider_sandbox where operation = 'charge' and status = 'succeeded') as charges`);
      expect(counted.rows[0]).toEqual({ periods: 24, twice: 0, charges: 24 });
      const again = JSON.parse((await billing(url, '--as-of', asOf)).stdout.trim().split('\n').at(-1) ?? '{}');
      expect(again).toMatchObject({ asOf, charged: 0, declined: 0 });
    }, 90_000);

    it('refuses a day that is not a date, and bills nothing', async () => {
      const url = database.url ?? '';
      for (const bad of ['2027-02-30', 'tomorrow', '2027-3-1']) {
        await expect(billing(url, '--as-of', bad)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining('--as-of must be a date YYYY-MM-DD'),
        });
      }
    }, 60_000);
  });
}
