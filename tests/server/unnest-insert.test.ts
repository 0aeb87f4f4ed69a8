import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { insertUnnest } from '../../server/db/unnest';
import { SandboxGateway } from '../../server/payments/sandbox';
import { describeEachBackend } from './support/backends';
import { openTestDatabase } from './support/databases';

describeEachBackend('rows inserted as one array per column', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await database.db.execute(sql`create temporary table unnest_probe (
      id int, amount bigint, note text, props jsonb, at timestamptz)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps nulls, big amounts, quotes and JSON arrays of objects as they were given', async () => {
    const rows = [
      { id: 1, amount: 9_007_199_254_740_991, note: 'a "quoted", {braced} note', props: [{ label: 'A', value: '1' }] },
      { id: 2, amount: null, note: null, props: { nested: [1, [2, 3]] }, at: '2026-11-28 12:00:00+00' },
      { id: 3, amount: 0, note: '', props: null },
    ];
    await database.db.execute(
      sql`${insertUnnest('unnest_probe', { id: 'int', amount: 'bigint', note: 'text', props: 'jsonb', at: 'timestamptz' }, rows)}`,
    );
    const stored = await database.db.execute<Record<string, unknown>>(
      sql`select id, amount::text as amount, note, props, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at
        from unnest_probe order by id`,
    );
    expect(stored.rows).toEqual([
      {
        id: 1,
        amount: '9007199254740991',
        note: 'a "quoted", {braced} note',
        props: [{ label: 'A', value: '1' }],
        at: null,
      },
      { id: 2, amount: null, note: null, props: { nested: [1, [2, 3]] }, at: '2026-11-28 12:00' },
      { id: 3, amount: '0', note: '', props: null, at: null },
    ]);
  });

  it('refuses a column name that is not a plain identifier', () => {
    expect(() => insertUnnest('unnest_probe', { 'id); drop table x; --': 'int' }, [])).toThrow(/not a column name/);
    expect(() => insertUnnest('Unnest', { id: 'int' }, [])).toThrow(/not a column name/);
  });

  it('writes the sandbox charges of one turn together, each answered with its own result, a repeated key once', async () => {
    const sandbox = new SandboxGateway(database.db);
    const request = (key: string, paymentMethod = 'pm_card_ok') => ({
      idempotencyKey: key,
      customerRef: 'cus_probe',
      paymentMethod,
      amount: 1250,
      currency: 'EUR',
      description: 'probe',
    });
    const answers = await Promise.all([
      sandbox.charge(request('probe:1')),
      sandbox.charge(request('probe:2', 'pm_card_insufficient_funds')),
      sandbox.charge(request('probe:1')),
      sandbox.charge(request('probe:3')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['succeeded', 'declined', 'succeeded', 'succeeded']);
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[0]).not.toEqual(answers[3]);
    expect(sandbox.calls.map((call) => [call.idempotencyKey, call.replayed])).toEqual([
      ['probe:1', false],
      ['probe:2', false],
      ['probe:3', false],
      ['probe:1', true],
    ]);
    expect(await sandbox.chargesMade('cus_probe')).toBe(2);
  });
});
