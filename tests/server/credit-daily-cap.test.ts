import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { customerCredits } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import type { Client, TestApi } from './support/test-api';
import { useTestApi } from './support/test-api';

let keys = 0;
const newKey = () => `daily-cap-${Date.now()}-${++keys}`;

function give(api: TestApi, client: Client, customerId: number, amount: number) {
  return client.post(
    api.userActions.giveCredit,
    { user_id: customerId },
    { amount, reason: 'SURVEY' },
    { idempotencyKey: newKey() },
  );
}

async function ledger(api: TestApi, customerId: number) {
  const rows = await api.db.select().from(customerCredits).where(eq(customerCredits.customerId, customerId));
  return rows.map((row) => row.amount).sort((a, b) => a - b);
}

describeEachBackend('daily credit cap of capped roles', (backend) => {
  const t = useTestApi(backend);

  it('lets a capped role give one customer $100 in 24 hours: five $50 gifts in a row, two go through', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const statuses = [];
    for (let gift = 0; gift < 5; gift++) statuses.push((await give(api, pl1, customer.id, 50)).status);
    expect(statuses).toEqual([200, 200, 403, 403, 403]);
    const refused = await give(api, pl1, customer.id, 0.01);
    expect(refused.error).toEqual({
      code: 'credit_daily_cap_exceeded',
      field: 'amount',
      detail:
        'amount: your role may give one customer at most $100.00 within 24 hours; nothing is left for this customer',
    });
    expect(await ledger(api, customer.id)).toEqual([5000, 5000]);
  });

  it('names what is left, in the customer’s currency, and gives exactly that', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'EUR' });
    const pl1 = await api.signIn('SUPPORT_PL1');
    expect((await give(api, pl1, customer.id, 40)).status).toBe(200);
    expect((await give(api, pl1, customer.id, 49.5)).status).toBe(200);
    const over = await give(api, pl1, customer.id, 20);
    expect(over.status).toBe(403);
    expect(over.error.detail).toContain('at most €100.00 within 24 hours; €10.50 is left for this customer');
    expect((await give(api, pl1, customer.id, 10.5)).status).toBe(200);
    expect(await ledger(api, customer.id)).toEqual([1050, 4000, 4950]);
  });

  it('counts per staff member and per customer, over a rolling 24 hours', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const other = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const colleague = await api.signIn('SUPPORT_PL1_CC');
    const yesterday = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    await api.db.insert(customerCredits).values([
      {
        customerId: customer.id,
        amount: 10000,
        currency: 'USD',
        reason: 'SURVEY',
        source: 'STAFF',
        staffId: api.staff.SUPPORT_PL1.id,
        createdAt: yesterday(24 * 60 + 1),
      },
      {
        customerId: customer.id,
        amount: 3000,
        currency: 'USD',
        reason: 'SURVEY',
        source: 'STAFF',
        staffId: api.staff.SUPPORT_PL1.id,
        createdAt: yesterday(24 * 60 - 1),
      },
    ]);
    expect((await give(api, pl1, customer.id, 50)).status).toBe(200);
    const over = await give(api, pl1, customer.id, 50);
    expect(over.status).toBe(403);
    expect(over.error.detail).toContain('$20.00 is left');
    expect((await give(api, pl1, other.id, 50)).status).toBe(200);
    expect((await give(api, colleague, customer.id, 50)).status).toBe(200);
  });

  it('does not cap roles with give_credit', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl2 = await api.signIn('SUPPORT_PL2');
    const statuses = [];
    for (let gift = 0; gift < 3; gift++) statuses.push((await give(api, pl2, customer.id, 500)).status);
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('sums parallel gifts one after the other: six at once give $100, not more', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const results = await Promise.all(Array.from({ length: 6 }, () => give(api, pl1, customer.id, 50)));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
    expect(await ledger(api, customer.id)).toEqual([5000, 5000]);
  });
});
