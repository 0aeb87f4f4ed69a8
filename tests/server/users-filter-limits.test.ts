import { beforeAll, expect, it } from 'vitest';
import { apiPrefix } from '../../domain/api';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

/** A cursor as the list writes one (base64url JSON), from raw JSON text, so any value can be forged. */
const forge = (json: string) => Buffer.from(json).toString('base64url');

describeEachBackend('users_filter refuses dates and cursors no database could use, with 400 naming them', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
    await insertCustomer(t.api.db);
    await insertCustomer(t.api.db);
  });

  const list = (body: unknown) => admin.post(t.api.users.filter, {}, body);

  it('dates outside 1900–2999 or not on the calendar', async () => {
    for (const day of ['0000-01-01', '9999-12-31', '2024-02-30', '2023-02-29', '1899-12-31', '3000-01-01']) {
      const on = await list({ filters: [{ kind: 'date', column: 'date_added', op: 'on', value: day }] });
      expect(on.status, `${day}: ${JSON.stringify(on.json)}`).toBe(400);
      expect(on.error.field).toBe('filters.0.value');
      const range = await list({
        filters: [{ kind: 'date', column: 'charge_date', op: 'range', from: day, to: '2026-01-01' }],
      });
      expect(range.status, day).toBe(400);
      expect(range.error.field).toBe('filters.0.from');
    }
    for (const day of ['1900-01-01', '2999-12-31', '2024-02-29']) {
      const edge = await list({ filters: [{ kind: 'date', column: 'date_added', op: 'not_on', value: day }] });
      expect(edge.status, `${day}: ${JSON.stringify(edge.json)}`).toBe(200);
    }
  });

  it('forged cursors: huge or negative ids, NUL, lone surrogates, impossible values, garbage, another sort', async () => {
    const byDate = 'date_added:desc';
    const cases: [string, string, Record<string, unknown>?][] = [
      ['id past 2^53', forge(`{"s":"${byDate}","v":null,"id":9007199254740993}`)],
      ['id of 20 digits', forge(`{"s":"${byDate}","v":null,"id":99999999999999999999}`)],
      ['id past int4', forge(`{"s":"${byDate}","v":null,"id":2147483648}`)],
      ['negative id', forge(`{"s":"${byDate}","v":null,"id":-5}`)],
      ['fractional id', forge(`{"s":"${byDate}","v":null,"id":1.5}`)],
      ['year 0', forge(`{"s":"${byDate}","v":"0000-01-01 00:00:00+00","id":1}`)],
      ['30 February', forge(`{"s":"${byDate}","v":"2024-02-30 00:00:00+00","id":1}`)],
      ['hour 25', forge(`{"s":"${byDate}","v":"2026-01-01 25:00:00+00","id":1}`)],
      ['NUL in a text value', forge('{"s":"email:asc","v":"a\\u0000b","id":1}'), { column: 'email', direction: 'asc' }],
      ['lone surrogate', forge('{"s":"email:asc","v":"\\ud800","id":1}'), { column: 'email', direction: 'asc' }],
      ['integer past int4', forge('{"s":"id:asc","v":"9999999999","id":1}'), { column: 'id', direction: 'asc' }],
      [
        'bigint past int8',
        forge('{"s":"last_charge_amount:asc","v":"9999999999999999999","id":1}'),
        { column: 'last_charge_amount', direction: 'asc' },
      ],
      ['another sort', forge('{"s":"email:asc","v":"a","id":1}')],
      ['not base64 JSON', '!!!!'],
      ['base64 of text', forge('hello')],
      ['an array', forge('[1,2,3]')],
      ['extra keys', forge(`{"s":"${byDate}","v":null,"id":1,"offset":-10}`)],
      ['NUL in the cursor text', 'abc\u0000def'],
    ];
    for (const [what, cursor, sort] of cases) {
      const result = await list(sort ? { cursor, sort } : { cursor });
      expect(result.status, `${what}: ${JSON.stringify(result.json)}`).toBe(400);
      expect(result.error.field, what).toBe('cursor');
    }
  });

  it('a cursor it gave out still pages', async () => {
    const first = await list({ page_size: 1 });
    expect(first.status).toBe(200);
    const second = await list({ page_size: 1, cursor: first.json.meta.next_cursor });
    expect(second.status).toBe(200);
    expect(second.json.users[0]?.id).not.toBe(first.json.users[0]?.id);
  });

  it('a raw body with a cursor holding a lone surrogate is refused, not a 500', async () => {
    const response = await t.api.inject({
      method: 'POST',
      url: `${apiPrefix}/users/users_filter`,
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      payload: '{"cursor":"\\udfff"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'cursor' });
  });
});
