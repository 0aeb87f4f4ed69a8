import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ClickCounter } from '../../server/partners/click-counter';

const dialect = new PgDialect();

/**
 * A stand-in database: records each counting statement's (slug, visitor) pairs and answers the known slugs' URLs
 * (the prune of past minutes, a statement without parameters, is answered and not recorded).
 */
function fakeDatabase(urls: Record<string, string>, fail: (call: number) => unknown = () => null) {
  const batches: [string, string][][] = [];
  let release: (() => void) | null = null;
  const gate = { hold: false };
  const db = {
    async execute(statement: SQL) {
      const { params } = dialect.sqlToQuery(statement);
      if (params.length === 0) return { rows: [] };
      const pairs: [string, string][] = [];
      for (let i = 0; i < params.length; i += 2) pairs.push([String(params[i]), String(params[i + 1])]);
      batches.push(pairs);
      if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
      const error = fail(batches.length);
      if (error) throw error;
      const slugs = [...new Set(pairs.map(([slug]) => slug))];
      return { rows: slugs.filter((slug) => slug in urls).map((slug) => ({ slug, url: urls[slug] })) };
    },
  } as unknown as Database;
  return { db, batches, gate, release: () => release?.() };
}

describe('ClickCounter: clicks asked for together share one statement, each answered once committed', () => {
  it('puts the clicks of one turn in one statement, each (slug, visitor) once, in slug order', async () => {
    const fake = fakeDatabase({ a: 'https://a.example/', b: 'https://b.example/' });
    const counter = new ClickCounter(fake.db);
    const clicks = [
      ['b', 'v1'],
      ['a', 'v1'],
      ['b', 'v2'],
      ['zz', 'v1'],
      ['b', 'v1'],
    ] as const;
    const answers = await Promise.all(clicks.map(([slug, visitor]) => counter.click(slug, visitor)));
    expect(answers).toEqual([
      'https://b.example/',
      'https://a.example/',
      'https://b.example/',
      null,
      'https://b.example/',
    ]);
    expect(fake.batches).toEqual([
      [
        ['a', 'v1'],
        ['b', 'v1'],
        ['b', 'v2'],
        ['zz', 'v1'],
      ],
    ]);
  });

  it('keeps at most maxInFlight statements running; clicks that arrive meanwhile wait for the next one', async () => {
    const fake = fakeDatabase({ a: 'https://a.example/' });
    const counter = new ClickCounter(fake.db, { maxInFlight: 1 });
    fake.gate.hold = true;
    const first = counter.click('a', 'v1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.batches).toHaveLength(1);
    const later = [counter.click('a', 'v1'), counter.click('a', 'v1')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.batches).toHaveLength(1);
    fake.gate.hold = false;
    fake.release();
    expect(await first).toBe('https://a.example/');
    expect(await Promise.all(later)).toEqual(['https://a.example/', 'https://a.example/']);
    expect(fake.batches).toEqual([[['a', 'v1']], [['a', 'v1']]]);
    await counter.drained();
  });

  it('splits a batch at maxBatch distinct slugs', async () => {
    const fake = fakeDatabase({});
    const counter = new ClickCounter(fake.db, { maxBatch: 2, maxInFlight: 1 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((slug) => counter.click(slug, 'v1')));
    expect(fake.batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it('retries a batch that lost a deadlock, and fails every click of a batch the database refuses', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const retried = fakeDatabase({ a: 'https://a.example/' }, (call) => (call === 1 ? deadlock : null));
    expect(await new ClickCounter(retried.db).click('a', 'v1')).toBe('https://a.example/');
    expect(retried.batches).toHaveLength(2);

    const broken = fakeDatabase({ a: 'https://a.example/' }, () => new Error('connection lost'));
    const counter = new ClickCounter(broken.db);
    const outcomes = await Promise.allSettled([counter.click('a', 'v1'), counter.click('a', 'v1')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await counter.drained();
  });
});
