import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPrefix } from '../../domain/api';
import { auditLog } from '../../server/db/schema';
import { auditableBody, auditBodyLimits } from '../../server/http/audit';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { rawUrl, sendRaw } from './support/raw-calls';
import { type Client, type TestApi, useTestApi } from './support/test-api';

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Raw JSON texts a client can send that PostgreSQL cannot store as they are, or that are too big or too deep. */
const hostileBodies: [string, string][] = [
  ['NUL in a value', '{"reason":"OTHER","description":"a\\u0000b"}'],
  ['NUL in a key', '{"reason":"OTHER","de\\u0000scription":"x"}'],
  ['lone surrogate in a value', '{"reason":"\\ud800"}'],
  ['lone low surrogate in a value', '{"reason":"OTHER","description":"x\\udc00y"}'],
  ['lone surrogate in a key', '{"reason":"OTHER","\\ud800":"x"}'],
  ['nested 5,000 deep', deep(5000)],
  ['nested 65 deep', deep(65)],
  ['nested 40 deep in a field', `{"reason":"OTHER","description":${deep(40)}}`],
  ['a 60 KB string', JSON.stringify({ reason: 'OTHER', description: 'x'.repeat(60 * 1024) })],
  ['a 60 KB key', JSON.stringify({ reason: 'OTHER', ['k'.repeat(60 * 1024)]: 1 })],
  ['2,000 unknown fields', JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`f${i}`, i])))],
];

function rowsOf(api: TestApi, response: { headers: Record<string, unknown> }) {
  return api.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(response.headers['x-request-id'])));
}

describeEachBackend('the audit trail stores every attempt, whatever its body', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
  });

  for (const [what, body] of hostileBodies) {
    it(`suspend with ${what} → 4xx naming the problem, exactly one audit row, nothing changed`, async () => {
      const { api } = t;
      const customer = await insertCustomer(api.db);
      const endpoint = api.users.suspend;
      const response = await sendRaw(api, endpoint, admin, rawUrl(endpoint, { user_id: String(customer.id) }), body);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().detail.length).toBeGreaterThan(5);
      const rows = await rowsOf(api, response);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ outcome: 'failed', status: response.statusCode, targetId: String(customer.id) });
      expect(Buffer.byteLength(JSON.stringify(rows[0]?.requestBody ?? null))).toBeLessThanOrEqual(
        auditBodyLimits.bytes,
      );
      expect(JSON.stringify(rows[0])).not.toMatch(/\\u0000|\\ud[89ab]/i);
      expect((await readCustomer(api.db, customer.id))?.status).toBe('ACTIVE');
    });
  }

  it('a lone surrogate or NUL is refused naming the field; nesting past 64 levels is refused as too deep', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const url = rawUrl(api.users.suspend, { user_id: String(customer.id) });
    const send = (body: string) => sendRaw(api, api.users.suspend, admin, url, body);
    expect((await send('{"reason":"OTHER","description":"x\\ud800"}')).json()).toEqual({
      code: 'validation_failed',
      field: 'description',
      detail: 'description: must be valid Unicode text (it holds an unpaired surrogate)',
    });
    expect((await send('{"reason":"OTHER","description":"a\\u0000"}')).json()).toMatchObject({ field: 'description' });
    const tooDeep = await send(deep(65));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ code: 'json_too_deep' });
    expect(tooDeep.json().detail).toContain('64');
    const deepButText = await send(JSON.stringify({ reason: 'OTHER', description: '['.repeat(900) }));
    expect(deepButText.statusCode, 'brackets inside a string are text').toBe(200);
  });

  it('stores a sanitised copy: NUL removed, lone surrogates as U+FFFD, strings, depth and size cut', () => {
    const stored = auditableBody({
      'ke\u0000y': 'a\u0000b\ud800c',
      long: 'x'.repeat(5000),
      pair: '😀',
      password: 'hunter2',
      nested: JSON.parse(deep(30)),
    }) as Record<string, unknown>;
    expect(stored.key).toBe('ab\ufffdc');
    expect(stored.pair).toBe('😀');
    expect(stored.password).toBeUndefined();
    expect(String(stored.long)).toMatch(/^x{1024}…\[3976 more characters not stored\]$/);
    expect(JSON.stringify(stored.nested)).toContain(`nested deeper than ${auditBodyLimits.depth} levels`);
    const huge = auditableBody(Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`f${i}`, 'y'.repeat(1000)])));
    expect(Buffer.byteLength(JSON.stringify(huge))).toBeLessThanOrEqual(auditBodyLimits.bytes);
    expect(huge).toMatchObject({ not_stored: expect.stringContaining('bytes') });
  });

  it('failed sign-ins and refreshes store a small summary, never the body (no password, no blob)', async () => {
    const { api } = t;
    const blob = 'z'.repeat(50_000);
    const response = await api.inject({
      method: 'POST',
      url: `${apiPrefix}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'Mallory@Evil.Example', password: 'p'.repeat(1025), blob }),
      remoteAddress: '10.88.0.1',
    });
    expect(response.statusCode).toBe(400);
    const [row, ...others] = await rowsOf(api, response);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ callId: 'auth.login', outcome: 'failed', status: 400, staffId: null });
    expect(row?.requestBody).toEqual({ field: response.json().field, email_domain: 'evil.example' });
    expect(JSON.stringify(row)).not.toContain('ppp');
    expect(JSON.stringify(row).length).toBeLessThan(1500);
    const refresh = await api.inject({
      method: 'POST',
      url: `${apiPrefix}/auth/refresh`,
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      payload: JSON.stringify({ blob }),
    });
    expect(refresh.statusCode).toBe(400);
    const [refreshRow] = await rowsOf(api, refresh);
    expect(refreshRow?.requestBody).toEqual({ field: 'blob' });
  });

  it('a row the database refuses with its body is written without it, saying so; one it refuses entirely is a 503', async () => {
    const { api } = t;
    await api.db.execute(sql`
      create or replace function refuse_poisoned_audit() returns trigger language plpgsql as $$
      begin
        if new.ip = '10.99.0.9' then raise exception 'audit refused for the test'; end if;
        if new.request_body::text like '%poison%' then raise exception 'body refused for the test'; end if;
        return new;
      end $$`);
    await api.db.execute(
      sql`create trigger refuse_poisoned_audit before insert on audit_log for each row execute function refuse_poisoned_audit()`,
    );
    try {
      const customer = await insertCustomer(api.db);
      const endpoint = api.userActions.forceLogout;
      const url = rawUrl(endpoint, { user_id: String(customer.id) });
      const served = await sendRaw(api, endpoint, admin, url, JSON.stringify({ reason: 'poison' }));
      expect(served.statusCode, served.body).toBe(200);
      const [row] = await rowsOf(api, served);
      expect(row).toMatchObject({ outcome: 'ok', requestBody: null, targetId: String(customer.id) });
      expect(row?.detail).toContain('request body not stored');

      const other = await insertCustomer(api.db);
      const refused = await api.inject({
        method: 'POST',
        url: rawUrl(endpoint, { user_id: String(other.id) }),
        headers: {
          authorization: `Bearer ${admin.accessToken}`,
          'x-xsrf-token': admin.xsrfToken ?? '',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ reason: 'Lost laptop' }),
        remoteAddress: '10.99.0.9',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'audit_unavailable' });
      expect((await readCustomer(api.db, other.id))?.sessionsRevokedAt, 'an unaudited call changes nothing').toBeNull();
    } finally {
      await api.db.execute(sql`drop trigger refuse_poisoned_audit on audit_log`);
    }
  });
});
