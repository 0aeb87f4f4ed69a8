import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';

/** The suspension description that marks the customer whose first unsuspend fails (tests/e2e/bulk.spec.ts). */
export const failOnceMarker = 'E2E: the first unsuspend of this customer fails on purpose';

/**
 * Failures the E2E specs need on purpose, installed in the fresh database before the server starts (it then seeds
 * and serves it as usual): a customer suspended with `failOnceMarker` cannot be unsuspended the first two times
 * anyone tries (a sequence counts the tries: it does not roll back with the failed one), so a bulk run has one
 * failed row and its "retry failed" succeeds. Two: a bulk batch tries the set form first (one statement for the
 * batch, refused whole by this trigger), then each row alone, where this row fails (docs/jobs-and-bulk.md).
 */
export async function installFaults(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await database.db.execute(sql`create sequence if not exists e2e_unsuspend_tries`);
    await database.db.execute(
      sql.raw(`create or replace function e2e_fail_first_unsuspend() returns trigger language plpgsql as $$
        begin
          if nextval('e2e_unsuspend_tries') <= 2 then
            raise exception 'E2E: the first unsuspend of customer % fails on purpose', old.id;
          end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql.raw(`create or replace trigger e2e_fail_first_unsuspend before update on customers
      for each row when (old.suspend_description = '${failOnceMarker}' and new.status = 'ACTIVE')
      execute function e2e_fail_first_unsuspend()`),
    );
  } finally {
    await database.close();
  }
}
