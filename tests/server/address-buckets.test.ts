import { describe, expect, it } from 'vitest';
import { AddressBuckets } from '../../server/http/anonymous-rate';

describe('per-address token buckets', () => {
  it('allows the burst at once, then one call per refill interval, each address on its own', () => {
    let now = 0;
    const buckets = new AddressBuckets({ burst: 3, perMinute: 6 }, () => now);
    expect([1, 2, 3].map(() => buckets.take('a'))).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(10);
    expect(buckets.waitSeconds('a')).toBe(10);
    expect(buckets.take('b')).toBe(0);
    now += 4_000;
    expect(buckets.take('a')).toBe(6);
    now += 6_000;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(10);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([0, 0, 0, 10]);
  });

  it('remembers nothing about an address it was only asked about', () => {
    const buckets = new AddressBuckets({ burst: 1, perMinute: 1 }, () => 0);
    expect(buckets.waitSeconds('never-seen')).toBe(0);
    expect(buckets.take('never-seen')).toBe(0);
    expect(buckets.take('never-seen')).toBe(60);
  });
});
