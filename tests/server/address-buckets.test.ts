import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { AddressBuckets } from '../../server/http/anonymous-rate';
import { describeEachBackend } from './support/backends';
import { openTestDatabase } from './support/databases';

describeEachBackend('per-address token buckets', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database.close();
  });

  it('allows the burst at once, then one call per refill interval, each address on its own', async () => {
    let now = 0;
    const buckets = new AddressBuckets(database.db, { burst: 3, perMinute: 6 }, () => now);
    const takes = async (address: string, count: number) => {
      const waits: number[] = [];
      for (let index = 0; index < count; index++) waits.push(await buckets.take(address));
      return waits;
    };
    expect(await takes('a', 3)).toEqual([0, 0, 0]);
    expect(await buckets.take('a')).toBe(10);
    expect(await buckets.waitSeconds('a')).toBe(10);
    expect(await buckets.take('b')).toBe(0);
    now += 4_000;
    expect(await buckets.take('a')).toBe(6);
    now += 6_000;
    expect(await buckets.take('a')).toBe(0);
    expect(await buckets.take('a')).toBe(10);
    now += 60_000;
    expect(await takes('a', 4)).toEqual([0, 0, 0, 10]);
  });

  it('remembers nothing about an address it was only asked about', async () => {
    const buckets = new AddressBuckets(database.db, { burst: 1, perMinute: 1 }, () => 0);
    expect(await buckets.waitSeconds('never-seen')).toBe(0);
    expect(await buckets.take('never-seen')).toBe(0);
    expect(await buckets.take('never-seen')).toBe(60);
  });

  it('is one bucket for every instance on the database, taken atomically by calls at once', async () => {
    const now = () => 1_800_000_000_000;
    const instances = [1, 2, 3].map(() => new AddressBuckets(database.db, { burst: 5, perMinute: 1 }, now));
    const waits = await Promise.all(
      Array.from({ length: 9 }, (_, index) => instances[index % 3]?.take('203.0.113.7') ?? Promise.resolve(-1)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(4);
  });

  it('forgets buckets idle for an hour', async () => {
    let now = 1_900_000_000_000;
    const buckets = new AddressBuckets(database.db, { burst: 1, perMinute: 1 }, () => now);
    await buckets.take('198.51.100.1');
    now += 61 * 60_000;
    await buckets.prune();
    expect(await buckets.waitSeconds('198.51.100.1')).toBe(0);
    const left = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from anonymous_rate_buckets where address = '198.51.100.1'`,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
