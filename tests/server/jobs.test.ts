import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { fileStoreFrom } from '../../server/files/choose-store';
import {
  addJobItemsFrom,
  cancelJob,
  countJobItems,
  enqueueJob,
  JobWorker,
  listJobItems,
  readJob,
  registerJobKind,
  retryFailedItems,
} from '../../server/jobs';
import { describeEachBackend } from './support/backends';
import { openTestDatabase } from './support/databases';
import { testSecret } from './support/test-api';

/** What the test kind does per item: a row in a table without a unique key, so a second run would show. */
interface TestPayload {
  /** Items whose key is listed fail (thrown), until `fixed` is set. */
  failing?: string[];
  fixed?: boolean;
  /** Items whose key is listed are skipped with reason `odd_one`. */
  skipping?: string[];
}
let onItem: (key: string) => void = () => {};

registerJobKind<TestPayload>('test_effects', {
  batchSize: 7,
  runItem: async ({ db, job, item }) => {
    onItem(item.key);
    if (job.payload.skipping?.includes(item.key)) return { state: 'skipped', reason: 'odd_one', detail: 'skipped' };
    await db.execute(
      sql`insert into test_effects (job_id, item_key, attempt) values (${job.id}, ${item.key}, ${item.attempt})`,
    );
    if (job.payload.failing?.includes(item.key) && !job.payload.fixed) {
      throw Object.assign(new Error(`item ${item.key} refused`), { code: 'test_refused' });
    }
    return { state: 'done', result: { key: item.key } };
  },
});

registerJobKind<{ upTo: number }>('test_planned', {
  plan: (db, job) =>
    addJobItemsFrom(
      db,
      job.id,
      sql`select n::text as key from generate_series(1, ${job.payload.upTo}) as n order by n`,
    ),
  runItem: async ({ db, job, item }) => {
    await db.execute(
      sql`insert into test_effects (job_id, item_key, attempt) values (${job.id}, ${item.key}, ${item.attempt})`,
    );
    return { state: 'done' };
  },
});

/** Rests `rest` ms after each batch; `rested` records the batch times it was asked about. */
const paced = { rest: 0, rested: [] as number[] };
registerJobKind<Record<string, never>>('test_paced', {
  batchSize: 2,
  pauseAfterBatch: (batchMs) => {
    paced.rested.push(batchMs);
    return paced.rest;
  },
  runItem: async ({ db, job, item }) => {
    await db.execute(
      sql`insert into test_effects (job_id, item_key, attempt) values (${job.id}, ${item.key}, ${item.attempt})`,
    );
    return { state: 'done' };
  },
});

const keys = (n: number) => Array.from({ length: n }, (_, index) => String(index + 1));

describeEachBackend('job queue', (backend) => {
  let database: DatabaseHandle;
  const workers: JobWorker[] = [];
  const worker = (options: { leaseSeconds?: number } = {}) => {
    const created = new JobWorker(database.db, {
      pollMs: 20,
      ...options,
      services: { config: appConfig({ jwtSecret: testSecret }), handlers: [], files: fileStoreFrom() },
      onError: () => {},
    });
    workers.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.db.execute(sql`create table test_effects (job_id bigint, item_key text, attempt int)`);
  });
  afterAll(async () => {
    for (const running of workers) await running.stop();
    await database?.close();
  });

  async function effectsOf(jobId: number) {
    const result = await database.db.execute<{ item_key: string; runs: number }>(
      sql`select item_key, count(*)::int as runs from test_effects where job_id = ${jobId} group by item_key`,
    );
    return new Map(result.rows.map((row) => [row.item_key, Number(row.runs)]));
  }

  async function untilFinished(jobId: number) {
    for (let tries = 0; tries < 1000; tries++) {
      const job = await readJob(database.db, jobId);
      if (job && ['done', 'failed', 'cancelled'].includes(job.state)) return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  it('runs every item once, in batches, with counts by outcome', async () => {
    const id = await database.db.transaction((db) =>
      enqueueJob(db, { kind: 'test_effects', payload: { skipping: ['3'], failing: ['5'] }, items: keys(30) }),
    );
    const one = worker();
    one.start();
    const job = await untilFinished(id);
    await one.stop();
    expect(job).toMatchObject({ state: 'done', total: 30, done: 28, skipped: 1, failed: 1 });
    const effects = await effectsOf(id);
    expect(effects.size).toBe(28); // the failed item's write was rolled back; the skipped one wrote nothing
    expect([...effects.values()].every((runs) => runs === 1)).toBe(true);
    expect(await countJobItems(database.db, id)).toEqual([
      { state: 'done', reason: null, count: 28 },
      { state: 'failed', reason: 'test_refused', count: 1 },
      { state: 'skipped', reason: 'odd_one', count: 1 },
    ]);
  });

  it('a job enqueued in a transaction that rolls back never exists', async () => {
    const before = await database.db.$count(jobs);
    await database.db
      .transaction(async (db) => {
        await enqueueJob(db, { kind: 'test_effects', payload: {}, items: keys(3) });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await database.db.$count(jobs)).toBe(before);
  });

  it('a stopped worker hands the job back and a new worker finishes it: every item exactly once', async () => {
    const id = await enqueueJob(database.db, { kind: 'test_effects', payload: {}, items: keys(60) });
    const first = worker();
    let seen = 0;
    const stopped = new Promise<void>((resolve) => {
      onItem = () => {
        seen += 1;
        if (seen === 20) void first.stop().then(resolve);
      };
    });
    first.start();
    await stopped;
    onItem = () => {};
    const halfway = await readJob(database.db, id);
    expect(halfway?.state).toBe('running');
    expect(halfway?.done).toBeGreaterThan(0);
    expect(halfway?.done).toBeLessThan(60);
    expect(halfway?.workerId).toBeNull();
    const second = worker();
    second.start();
    expect(await untilFinished(id)).toMatchObject({ state: 'done', done: 60, failed: 0 });
    await second.stop();
    const effects = await effectsOf(id);
    expect(effects.size).toBe(60);
    expect([...effects.values()].every((runs) => runs === 1)).toBe(true);
  });

  it('rests after each batch as its kind asks; stop() cuts a rest short and hands the job back', async () => {
    paced.rest = 60_000;
    paced.rested = [];
    const id = await enqueueJob(database.db, { kind: 'test_paced', payload: {}, items: keys(6) });
    const resting = worker();
    resting.start();
    for (let tries = 0; tries < 500 && paced.rested.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One batch, then the long rest: nothing more ran meanwhile.
    expect(paced.rested).toHaveLength(1);
    expect(paced.rested[0]).toBeGreaterThanOrEqual(0);
    expect((await readJob(database.db, id))?.done).toBe(2);
    const begun = performance.now();
    await resting.stop();
    expect(performance.now() - begun).toBeLessThan(5_000);
    expect((await readJob(database.db, id))?.workerId).toBeNull();
    paced.rest = 0;
    const next = worker();
    next.start();
    expect(await untilFinished(id)).toMatchObject({ state: 'done', done: 6 });
    await next.stop();
    expect(paced.rested).toHaveLength(3); // a rest after each of the three batches of two; none after the end
  });

  it('takes over the job of a server that died once its lease lapsed, from its first pending item', async () => {
    const id = await enqueueJob(database.db, { kind: 'test_effects', payload: {}, items: keys(20) });
    // What a killed server leaves: the job claimed, 7 items committed, the lease still running for a moment.
    await database.db.execute(sql`insert into test_effects (job_id, item_key, attempt)
      select ${id}, n::text, 1 from generate_series(1, 7) as n`);
    await database.db.execute(
      sql`update job_items set state = 'done', attempts = 1 where job_id = ${id} and ordinal <= 7`,
    );
    await database.db.execute(sql`update jobs set state = 'running', worker_id = 'killed', done = 7,
      locked_until = now() + interval '1 second', planned = true where id = ${id}`);
    const next = worker();
    expect(await next.runNext()).toBe(false); // the lease still holds
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await next.runNext()).toBe(true);
    expect(await readJob(database.db, id)).toMatchObject({ state: 'done', done: 20 });
    const effects = await effectsOf(id);
    expect(effects.size).toBe(20);
    expect([...effects.values()].every((runs) => runs === 1)).toBe(true);
  });

  it('cancel stops before the next batch; retry runs only the failed items again', async () => {
    const id = await enqueueJob(database.db, {
      kind: 'test_effects',
      payload: { failing: ['2', '9'] },
      items: keys(21),
    });
    const first = worker();
    let seen = 0;
    const paused = new Promise<void>((resolve) => {
      onItem = () => {
        seen += 1;
        // The worker stops after its second batch; the cancel comes before a worker runs a third.
        if (seen === 8) void first.stop().then(resolve);
      };
    });
    first.start();
    await paused;
    onItem = () => {};
    expect(await cancelJob(database.db, id)).toBe(true);
    const next = worker();
    expect(await next.runNext()).toBe(true);
    const cancelled = await untilFinished(id);
    expect(cancelled.state).toBe('cancelled');
    const ran = cancelled.done + cancelled.failed;
    expect(ran).toBe(14); // two whole batches of 7, nothing after the cancel
    const left = await listJobItems(database.db, id, { states: ['cancelled'], limit: 100 });
    expect(left.length).toBe(21 - ran);
    expect(await retryFailedItems(database.db, id)).toBe(cancelled.failed);
    await database.db.execute(sql`update jobs set payload = payload || '{"fixed": true}' where id = ${id}`);
    const again = worker();
    again.start();
    const retried = await untilFinished(id);
    await again.stop();
    expect(retried).toMatchObject({ state: 'done', failed: 0, done: ran });
    const failedOnce = await listJobItems(database.db, id, { states: ['done'], limit: 100 });
    expect(
      failedOnce
        .filter((item) => item.attempts === 2)
        .map((item) => item.itemKey)
        .sort(),
    ).toEqual(['2', '9'].filter((key) => Number(key) <= ran));
    expect(await retryFailedItems(database.db, id)).toBe(0);
  });

  it('plans the items of a job from a query when it first runs', async () => {
    const id = await enqueueJob(database.db, { kind: 'test_planned', payload: { upTo: 250 } });
    const one = worker();
    expect(await one.runNext()).toBe(true);
    expect(await readJob(database.db, id)).toMatchObject({ state: 'done', planned: true, total: 250, done: 250 });
    expect((await effectsOf(id)).size).toBe(250);
  });

  it('two workers at once share the queue without running an item twice', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(() => enqueueJob(database.db, { kind: 'test_effects', payload: {}, items: keys(30) })),
    );
    const a = worker();
    const b = worker();
    a.start();
    b.start();
    for (const id of ids) expect(await untilFinished(id)).toMatchObject({ state: 'done', done: 30 });
    await Promise.all([a.stop(), b.stop()]);
    for (const id of ids) {
      const effects = await effectsOf(id);
      expect(effects.size).toBe(30);
      expect([...effects.values()].every((runs) => runs === 1)).toBe(true);
    }
  });
});
