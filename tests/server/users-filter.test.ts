import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { TableFilter, TableQuery } from '../../domain/table-query';
import { exactCountLimit } from '../../server/tables/count';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import type { Client } from './support/test-api';
import { useTestApi } from './support/test-api';

describeEachBackend('users_filter', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  const id: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };

  beforeAll(async () => {
    const { api } = t;
    admin = await api.signIn('ADMIN');
    const made = {
      A: {
        email: 'ana.lima@gmail.com',
        firstName: 'Ana',
        lastName: 'Lima',
        country: 'BR',
        businessName: 'Lima Photo_Studio',
        dateAdded: '2026-01-10T08:00:00Z',
        lastChargeAmount: 1000,
      },
      B: {
        email: 'bob.stone@yahoo.com',
        firstName: 'Bob',
        lastName: 'Stone',
        country: 'US',
        status: 'SUSPENDED',
        subscriptionType: 'TRIAL_METERED',
        dateAdded: '2026-01-10T20:00:00Z',
        lastChargeAmount: 2550,
        chargeFailed: true,
      },
      C: {
        email: 'carla.gmail.fan@studio.io',
        firstName: 'Carla',
        lastName: 'Ruiz',
        country: 'ES',
        businessName: '100% Studio',
        subscriptionType: 'CANCELLED',
        dateAdded: '2026-02-01T00:00:00Z',
        lastChargeAmount: null,
      },
      D: {
        email: 'dan@example.com',
        firstName: 'Dan',
        lastName: 'Stone',
        country: 'US',
        dateAdded: '2026-02-01T00:00:00Z',
        lastChargeAmount: 1000,
        chargeFailed: true,
      },
      E: {
        email: 'eve@example.com',
        firstName: 'Eve',
        lastName: 'Adams',
        country: null,
        subscriptionType: 'CORPORATE_CONTRACT',
        dateAdded: '2025-12-31T23:59:59Z',
        lastChargeAmount: 99999,
      },
    } as const;
    for (const [name, values] of Object.entries(made)) {
      id[name as keyof typeof id] = (await insertCustomer(api.db, values)).id;
    }
  });

  async function list(body: TableQuery) {
    const result = await admin.post(t.api.users.filter, {}, body);
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return result.json;
  }
  /** The ids of every match, by name, in id order. */
  async function matching(...filters: TableFilter[]): Promise<string[]> {
    const answer = await list({ filters, sort: { column: 'id', direction: 'asc' } });
    expect(answer.meta.total_number_of_users).toBe(answer.users.length);
    return answer.users.map((user) => (Object.entries(id).find(([, value]) => value === user.id) ?? ['?'])[0]);
  }
  const text = (column: string, op: 'equal' | 'includes' | 'not_equal', value: string): TableFilter => ({
    kind: 'text',
    column,
    op,
    value,
  });
  const number = (column: string, op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq', value: number): TableFilter => ({
    kind: 'number',
    column,
    op,
    value,
  });
  const day = (
    op: 'after' | 'on_or_after' | 'before' | 'on_or_before' | 'on' | 'not_on',
    value: string,
  ): TableFilter => ({ kind: 'date', column: 'date_added', op, value });
  const multi = (column: string, op: 'equal' | 'not_equal', value: string[]): TableFilter => ({
    kind: 'multi',
    column,
    op,
    value,
  });

  it('lists everyone for an empty body: newest first, exact total, no next page', async () => {
    const answer = await list({});
    expect(answer.users.map((user) => user.id)).toEqual([id.D, id.C, id.B, id.A, id.E]);
    expect(answer.meta).toEqual({
      enable_column_selection: true,
      total_number_of_users: 5,
      total_is_estimate: false,
      next_cursor: null,
      sort: { column: 'date_added', direction: 'desc' },
    });
    expect(answer.headers.find((header) => header.key === 'country')).toMatchObject({ type: 'TAG', filter: 'multi' });
  });

  it('filters text: equal (any case), includes (pattern characters literal), not equal (empty included)', async () => {
    expect(await matching(text('email', 'equal', 'ANA.LIMA@gmail.com'))).toEqual(['A']);
    expect(await matching(text('email', 'includes', 'GMAIL'))).toEqual(['A', 'C']);
    expect(await matching(text('business_name', 'includes', '_'))).toEqual(['A']);
    expect(await matching(text('business_name', 'includes', '%'))).toEqual(['C']);
    expect(await matching(text('last_name', 'not_equal', 'stone'))).toEqual(['A', 'C', 'E']);
    expect(await matching(text('business_name', 'not_equal', '100% Studio'))).toEqual(['A', 'B', 'D', 'E']);
  });

  it('filters numbers, money in major units (10 is 10.00), empty values only in ≠', async () => {
    expect(await matching(number('last_charge_amount', 'gt', 10))).toEqual(['B', 'E']);
    expect(await matching(number('last_charge_amount', 'gte', 10))).toEqual(['A', 'B', 'D', 'E']);
    expect(await matching(number('last_charge_amount', 'lt', 25.5))).toEqual(['A', 'D']);
    expect(await matching(number('last_charge_amount', 'lte', 25.5))).toEqual(['A', 'B', 'D']);
    expect(await matching(number('last_charge_amount', 'eq', 10))).toEqual(['A', 'D']);
    expect(await matching(number('last_charge_amount', 'neq', 10))).toEqual(['B', 'C', 'E']);
    expect(await matching(number('last_charge_amount', 'gt', 10.004))).toEqual(['B', 'E']);
    expect(await matching(number('last_charge_amount', 'eq', 10.005))).toEqual([]);
    expect(await matching(number('id', 'eq', id.C))).toEqual(['C']);
    expect(await matching(number('remaining_photos_for_trial', 'gte', 1000))).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('filters dates on whole UTC days when no time zone is named, range including both ends', async () => {
    expect(await matching(day('after', '2026-01-10'))).toEqual(['C', 'D']);
    expect(await matching(day('on_or_after', '2026-01-10'))).toEqual(['A', 'B', 'C', 'D']);
    expect(await matching(day('before', '2026-01-10'))).toEqual(['E']);
    expect(await matching(day('on_or_before', '2026-01-10'))).toEqual(['A', 'B', 'E']);
    expect(await matching(day('on', '2026-01-10'))).toEqual(['A', 'B']);
    expect(await matching(day('not_on', '2026-01-10'))).toEqual(['C', 'D', 'E']);
    const range = (from: string, to: string): TableFilter => ({
      kind: 'date',
      column: 'date_added',
      op: 'range',
      from,
      to,
    });
    expect(await matching(range('2026-01-01', '2026-01-31'))).toEqual(['A', 'B']);
    expect(await matching(range('2026-02-01', '2026-02-01'))).toEqual(['C', 'D']);
    expect(await matching(range('2025-12-31', '2026-01-10'))).toEqual(['A', 'B', 'E']);
  });

  it('filters multi-selections: in, not in (empty included), booleans as true/false', async () => {
    expect(await matching(multi('status', 'equal', ['SUSPENDED']))).toEqual(['B']);
    expect(await matching(multi('status', 'not_equal', ['ACTIVE']))).toEqual(['B']);
    expect(await matching(multi('country', 'equal', ['US', 'ES']))).toEqual(['B', 'C', 'D']);
    expect(await matching(multi('country', 'not_equal', ['US']))).toEqual(['A', 'C', 'E']);
    expect(await matching(multi('charge_failed', 'equal', ['true']))).toEqual(['B', 'D']);
    expect(await matching(multi('charge_failed', 'not_equal', ['true']))).toEqual(['A', 'C', 'E']);
    expect(await matching(multi('subscription_type', 'equal', ['CANCELLED', 'CORPORATE_CONTRACT']))).toEqual([
      'C',
      'E',
    ]);
  });

  it('combines filters with AND', async () => {
    expect(await matching(multi('status', 'equal', ['ACTIVE']), multi('country', 'equal', ['US']))).toEqual(['D']);
    expect(await matching(text('email', 'includes', 'gmail'), number('last_charge_amount', 'eq', 10))).toEqual(['A']);
  });

  it('sorts ascending and descending on several column types, ties by id, empty values last ascending', async () => {
    const order = async (column: string, direction: 'asc' | 'desc') =>
      (await list({ sort: { column, direction } })).users.map((user) => user.id);
    expect(await order('date_added', 'asc')).toEqual([id.E, id.A, id.B, id.C, id.D]);
    expect(await order('date_added', 'desc')).toEqual([id.D, id.C, id.B, id.A, id.E]);
    expect(await order('last_charge_amount', 'asc')).toEqual([id.A, id.D, id.B, id.E, id.C]);
    expect(await order('last_charge_amount', 'desc')).toEqual([id.C, id.E, id.B, id.D, id.A]);
    expect(await order('last_name', 'asc')).toEqual([id.E, id.A, id.C, id.B, id.D]);
    expect(await order('country', 'desc')).toEqual([id.E, id.D, id.B, id.C, id.A]);
    expect(await order('charge_failed', 'asc')).toEqual([id.A, id.C, id.E, id.B, id.D]);
  });

  it('pages by cursor through every row exactly once, in every order', async () => {
    const sorts = [
      { column: 'date_added', direction: 'desc' },
      { column: 'date_added', direction: 'asc' },
      { column: 'last_charge_amount', direction: 'asc' },
      { column: 'last_charge_amount', direction: 'desc' },
      { column: 'country', direction: 'asc' },
      { column: 'email', direction: 'desc' },
    ] as const;
    for (const sort of sorts) {
      const whole = (await list({ sort })).users.map((user) => user.id);
      const paged: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await list({ sort, page_size: 2, cursor });
        paged.push(...page.users.map((user) => user.id));
        expect(page.meta.total_number_of_users).toBe(5);
        cursor = page.meta.next_cursor;
      } while (cursor);
      expect(paged, `${sort.column} ${sort.direction}`).toEqual(whole);
    }
  });

  it('answers only the chosen columns, with id and quick actions', async () => {
    const answer = await list({ columns: ['email'], page_size: 1 });
    expect(Object.keys(answer.users[0] ?? {}).sort()).toEqual(['email', 'id', 'quick_actions']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ filters: [text('foo', 'equal', 'x')] }, 'filters.0.column', /"foo" cannot be filtered/],
      [
        { filters: [day('on', '2026-01-01'), text('payment_link', 'equal', 'x')] },
        'filters.1.column',
        /cannot be filtered/,
      ],
      [{ filters: [number('email', 'gt', 1)] }, 'filters.0.kind', /"email" is filtered as text, not number/],
      [{ filters: [day('on', '2026-02-30')] }, 'filters.0.value', /date/],
      [{ filters: [day('on', 'yesterday')] }, 'filters.0.value', /YYYY-MM-DD/],
      [
        { filters: [{ kind: 'date', column: 'date_added', op: 'range', from: '2026-02-01', to: '2026-01-01' }] },
        'filters.0.to',
        /before/,
      ],
      [{ filters: [multi('status', 'equal', ['GONE'])] }, 'filters.0.value.0', /"GONE" is not one of/],
      [{ filters: [multi('charge_failed', 'equal', ['yes'])] }, 'filters.0.value.0', /true, false/],
      [{ sort: { column: 'payment_link', direction: 'asc' } }, 'sort.column', /cannot be sorted/],
      [{ columns: ['nope'] }, 'columns.0', /not a column/],
      [{ cursor: 'not-a-cursor' }, 'cursor', /not a cursor/],
      [{ page_size: 0 }, 'page_size', /at least 1/],
      [{ page_size: 501 }, 'page_size', /at most 500/],
      [{ foo: 1 }, 'foo', /not an accepted field/],
    ];
    for (const [body, field, detail] of cases) {
      const result = await admin.post(t.api.users.filter, {}, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.error.field, JSON.stringify(body)).toBe(field);
      expect(result.error.detail).toMatch(detail);
    }
  });

  it('refuses a cursor made for another sort', async () => {
    const first = await list({ page_size: 1 });
    const cursor = first.meta.next_cursor;
    const result = await admin.post(t.api.users.filter, {}, { cursor, sort: { column: 'email', direction: 'asc' } });
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ field: 'cursor', detail: expect.stringMatching(/date_added:desc/) });
  });

  it('is only for roles that see all users', async () => {
    const pl1 = await t.api.signIn('SUPPORT_PL1');
    expect((await pl1.post(t.api.users.filter, {}, {})).status).toBe(403);
  });
});

describeEachBackend('users_filter totals', (backend) => {
  const t = useTestApi(backend);

  it('counts exactly up to the limit and estimates beyond it', async () => {
    const { api } = t;
    await api.db.execute(sql`insert into customers (username, email, first_name, last_name, subscription_type, status)
      select 'u' || n, 'u' || n || '@bulk.example', 'Bulk', 'Customer', 'METERED',
             case when n % 1000 = 0 then 'SUSPENDED' else 'ACTIVE' end
      from generate_series(1, ${exactCountLimit + 500}) as n`);
    await api.db.execute(sql`analyze customers`);
    const admin = await api.signIn('ADMIN');
    const all = await admin.post(api.users.filter, {}, {});
    expect(all.json.meta.total_is_estimate).toBe(true);
    expect(all.json.meta.total_number_of_users).toBeGreaterThan(exactCountLimit);
    const suspended = await admin.post(
      api.users.filter,
      {},
      {
        filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['SUSPENDED'] }],
      },
    );
    expect(suspended.json.meta).toMatchObject({ total_number_of_users: 10, total_is_estimate: false });
  });
});
