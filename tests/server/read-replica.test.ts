import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { ownWritesCookie } from '../../server/db/read-replica';
import { insertCustomer } from './support/fixtures';
import { type ReplicaPair, startReplicaPair } from './support/replica-pair';
import { type Client, type TestApi, testApi } from './support/test-api';

/**
 * DATABASE_READ_URL on a real streaming replica (a primary and a pg_basebackup -R standby of our own, started for this
 * file). Replay on the standby is paused while a test writes, so a row is *only* on the primary: a list read that does
 * not see it was served by the replica, and a read that does, by the primary. TEST_REPLICA=1 (.ci/run sets it).
 */
const primaryPort = Number(process.env.TEST_REPLICA_PORT ?? 8601);

if (process.env.TEST_REPLICA === '1') {
  describe('read replica (DATABASE_READ_URL) [pg]', () => {
    let pair: ReplicaPair;
    let database: DatabaseHandle;
    let api: TestApi;
    let replica: DatabaseHandle;

    const onReplica = async <Row>(statement: ReturnType<typeof sql>) =>
      (await replica.db.execute<Row & Record<string, unknown>>(statement)).rows[0] as Row;
    const pauseReplay = () => onReplica(sql`select pg_wal_replay_pause()`);
    /** Resumes replay and waits until the replica has replayed everything the primary wrote; the lag in ms. */
    const catchUp = async (): Promise<number> => {
      await onReplica(sql`select pg_wal_replay_resume()`);
      const { rows } = await database.db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`);
      const target = rows[0]?.lsn;
      const started = performance.now();
      for (;;) {
        const { done } = await onReplica<{ done: boolean }>(
          sql`select pg_last_wal_replay_lsn() >= ${target}::pg_lsn as done`,
        );
        if (done) return performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const listed = async (client: Client) => {
      const answer = await client.post(api.users.filter, {}, { page_size: 100 });
      expect(answer.status).toBe(200);
      return new Map(answer.json.users.map((row) => [Number(row.id), row.status]));
    };

    beforeAll(async () => {
      pair = await startReplicaPair(primaryPort, primaryPort + 1);
      database = await openDatabase({ url: pair.primaryUrl, readUrl: pair.replicaUrl, poolSize: 4, pooler: 'none' });
      await migrateDatabase(database);
      replica = await openDatabase({ url: pair.replicaUrl, poolSize: 1, pooler: 'none' });
      api = await testApi({ database });
      await catchUp();
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      await replica?.close().catch(() => {});
      await pair?.stop();
    });

    it('serves the list reads from the standby, and the details page from the primary', async () => {
      const { recovering } = await onReplica<{ recovering: boolean }>(sql`select pg_is_in_recovery() as recovering`);
      expect(recovering).toBe(true);
      const reader = await api.signIn('ADMIN');
      await pauseReplay();
      const onlyOnPrimary = await insertCustomer(api.db);
      // The users filter and the search: the replica, which has not replayed the insert.
      expect((await listed(reader)).has(onlyOnPrimary.id)).toBe(false);
      const found = await reader.get(api.users.search, { query: onlyOnPrimary.email });
      expect(found.status).toBe(200);
      expect(JSON.stringify(found.json)).not.toContain(onlyOnPrimary.email);
      // The customer's page: the primary.
      const details = await reader.get(api.users.get, { user_id: onlyOnPrimary.id });
      expect(details.status).toBe(200);
      const lag = await catchUp();
      expect((await listed(reader)).has(onlyOnPrimary.id)).toBe(true);
      console.log(`replica caught up ${lag.toFixed(1)} ms after replay resumed`);
    });

    it("shows a person's command on the page right after it (primary), while others read the replica", async () => {
      const customer = await insertCustomer(api.db);
      await catchUp();
      const master = await api.signIn('SUPPORT_MASTER');
      const other = await api.signIn('ADMIN');
      await pauseReplay();
      const suspended = await master.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' });
      expect(suspended.status).toBe(200);
      const cookie = suspended.raw.cookies.find((entry) => entry.name === ownWritesCookie);
      expect(Number(cookie?.value)).toBeGreaterThan(Date.now());
      // The one who suspended sees it at once; someone else still reads the replica, which has not replayed it.
      expect((await listed(master)).get(customer.id)).toBe('SUSPENDED');
      expect((await listed(other)).get(customer.id)).toBe('ACTIVE');
      await catchUp();
      expect((await listed(other)).get(customer.id)).toBe('SUSPENDED');
    });

    it('reads from the primary when the replica cannot answer (last: it stops the replica)', async () => {
      const reader = await api.signIn('ADMIN');
      const customer = await insertCustomer(api.db);
      await replica.close();
      await pair.stopReplica();
      const answer = await listed(reader);
      expect(answer.has(customer.id)).toBe(true);
    });
  });
}
