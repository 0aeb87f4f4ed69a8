import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, exchangeRates } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('exchange rates', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  let master: Client;
  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  it('are seeded by the migration for every pair, in currency order, set by nobody', async () => {
    const result = await master.get(t.api.currency.exchangeRates);
    expect(result.status).toBe(200);
    expect(result.json.rates.map((rate) => rate.text)).toEqual([
      '1 USD = 0.7884 GBP',
      '1 USD = 0.9213 EUR',
      '1 GBP = 1.2684 USD',
      '1 GBP = 1.1686 EUR',
      '1 EUR = 1.0854 USD',
      '1 EUR = 0.8557 GBP',
    ]);
    expect(result.json.rates.every((rate) => rate.set_by === null)).toBe(true);
  });

  it('an ADMIN sets a rate: a new row (the old one stays as history), audited, used by the next preview', async () => {
    const before = await t.api.db.select().from(exchangeRates);
    const result = await admin.put(t.api.currency.setExchangeRate, { from: 'GBP', to: 'EUR' }, { rate: 1.172345 });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(result.json).toMatchObject({ from: 'GBP', to: 'EUR', rate: '1.172345', set_by: 'ADMIN Tester (Admin)' });
    const after = await t.api.db.select().from(exchangeRates);
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(expect.arrayContaining(before));

    const listed = await master.get(t.api.currency.exchangeRates);
    expect(listed.json.rates.find((rate) => rate.from === 'GBP' && rate.to === 'EUR')?.text).toBe(
      '1 GBP = 1.172345 EUR',
    );
    expect(listed.json.history[0]).toEqual(result.json);
    expect(listed.json.history.map((rate) => rate.text)).toContain('1 GBP = 1.1686 EUR');

    const audit = await t.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.callId, 'currency.setExchangeRate'), eq(auditLog.outcome, 'ok')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.requestBody).toEqual({ rate: 1.172345 });

    const { id } = await insertCustomer(t.api.db, { currency: 'GBP', unbilledUsage: 0 });
    const preview = await master.get(t.api.currency.summary, { user_id: id }, { new_currency: 'EUR' });
    expect(preview.json.exchange_rate).toBe('1 GBP = 1.172345 EUR');
  });

  it('refuses rates that are not positive, out of bounds, too precise, not numbers, or for one currency', async () => {
    const count = async () =>
      Number((await t.api.db.execute<{ n: string }>(sql`select count(*) as n from exchange_rates`)).rows[0]?.n);
    const before = await count();
    const cases: [unknown, string][] = [
      [{ rate: 0 }, 'rate: must be at least 0.1'],
      [{ rate: -1 }, 'rate: must be at least 0.1'],
      [{ rate: 11 }, 'rate: must be at most 10'],
      [{ rate: 0.9213456 }, 'rate: at most six decimals'],
      [{ rate: '0.92' }, 'rate: must be a number'],
      [{}, 'rate: must be a number'],
    ];
    for (const [body, detail] of cases) {
      const result = await admin.put(t.api.currency.setExchangeRate, { from: 'USD', to: 'EUR' }, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.error).toMatchObject({ code: 'validation_failed', field: 'rate', detail });
    }
    const same = await admin.put(t.api.currency.setExchangeRate, { from: 'USD', to: 'USD' }, { rate: 1 });
    expect(same.status).toBe(400);
    expect(same.error.code).toBe('exchange_rate_same_currency');
    const unknown = await admin.put(t.api.currency.setExchangeRate, { from: 'USD', to: 'JPY' as 'EUR' }, { rate: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error.field).toBe('to');
    expect(await count()).toBe(before);
  });

  it('only ADMIN may set rates; the roles that change currencies may read them', async () => {
    for (const role of ['SUPPORT_MASTER', 'SUPPORT_PL2_CC', 'MARKETER_PLUS'] as const) {
      const client = await t.api.signIn(role);
      const result = await client.put(t.api.currency.setExchangeRate, { from: 'USD', to: 'EUR' }, { rate: 2 });
      expect(result.status, role).toBe(403);
    }
    expect((await (await t.api.signIn('SUPPORT_PL2_CC')).get(t.api.currency.exchangeRates)).status).toBe(200);
    expect((await (await t.api.signIn('SUPPORT_PL1')).get(t.api.currency.exchangeRates)).status).toBe(403);
  });

  it('cannot be rewritten in place: the table is append-only', async () => {
    await expect(t.api.db.update(exchangeRates).set({ rateMicros: 1 })).rejects.toThrow();
  });
});
