import { sql } from 'drizzle-orm';
import { callHandlers } from '../../../server/calls';
import { appConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { fileStoreFrom } from '../../../server/files/choose-store';
import { JobWorker, type JobWorkerOptions, readJob } from '../../../server/jobs';
import { testSecret } from './test-api';

/** A job worker over the test database with the server's real handlers (what server/main.ts starts). */
export function testWorker(db: Database, options: Partial<JobWorkerOptions> = {}): JobWorker {
  return new JobWorker(db, {
    pollMs: 20,
    services: { config: appConfig({ jwtSecret: testSecret }), handlers: callHandlers, files: fileStoreFrom() },
    onError: () => {},
    ...options,
  });
}

/** Waits until a job is done, failed or cancelled. */
export async function untilFinished(db: Database, id: number) {
  for (let tries = 0; tries < 1500; tries++) {
    const job = await readJob(db, id);
    if (job && ['done', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not finish`);
}

/** Inserts `count` customers of a country and status in one statement; their ids in order. */
export async function insertCustomers(
  db: Database,
  count: number,
  values: { country: string; status: 'ACTIVE' | 'SUSPENDED'; tag: string },
): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    insert into customers (username, email, first_name, last_name, subscription_type, currency, country, status,
      provider_customer_ref, payment_method_token)
    select 'bulk' || ${values.tag} || n, 'bulk.' || ${values.tag} || n || '@example.net', 'Bulk', 'Customer ' || n,
      'METERED', 'USD', ${values.country}, ${values.status}, 'cus_sbx_bulk' || ${values.tag} || n, 'pm_card_ok'
    from generate_series(1, ${count}) as n
    returning id`);
  return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Audit rows of a bulk run, per customer id. */
export async function auditedPerCustomer(db: Database, runId: number): Promise<Map<string, number>> {
  const result = await db.execute<{ target_id: string; rows: number }>(sql`
    select target_id, count(*)::int as rows from audit_log where request_id = ${`bulk_run-${runId}`}
    group by target_id`);
  return new Map(result.rows.map((row) => [row.target_id, Number(row.rows)]));
}
