import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { allEndpoints } from '../../domain/api';
import { isMutation } from '../../domain/endpoint';
import { auditLog } from '../../server/db/schema';
import { describeOnOneBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { type Clients, callerFor, idParamsOf, rawUrl, sendRaw } from './support/raw-calls';
import { useTestApi } from './support/test-api';

/** Every way of writing the id `n` that is not its one canonical spelling, and texts that are no id at all. */
function otherSpellings(n: number): string[] {
  const fullWidth = String(n).replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
  return [
    `0${n}`,
    `${n}.0`,
    `+${n}`,
    `0x${n.toString(16)}`,
    ` ${n}`,
    `${n} `,
    `${n}e0`,
    '5e1',
    fullWidth,
    '',
    `-${n}`,
    '2147483648',
  ];
}

const withIds = allEndpoints.filter((endpoint) => idParamsOf(endpoint).length > 0);

describeOnOneBackend('ids in paths are canonical', (backend) => {
  const t = useTestApi(backend);
  const clients: Clients = {};
  let customerId = 0;
  beforeAll(async () => {
    clients.ADMIN = await t.api.signIn('ADMIN');
    clients.SUPPORT_MASTER = await t.api.signIn('SUPPORT_MASTER');
    customerId = (await insertCustomer(t.api.db)).id;
  });

  it('covers the catalogue: every call with an id parameter is tried', () => {
    expect(withIds.length).toBeGreaterThan(40);
  });

  for (const endpoint of withIds) {
    it(`${endpoint.id}: another spelling of an id → 400 naming the parameter; the canonical id is the audit target`, async () => {
      const { api } = t;
      const client = callerFor(endpoint, clients, ['ADMIN', 'SUPPORT_MASTER']);
      // A staff call acts on a staff member: on an id no one has, never on the caller (ending their own sessions).
      const recordId = endpoint.target?.kind === 'staff' ? 2_000_000_000 : customerId;
      const canonical = Object.fromEntries(idParamsOf(endpoint).map((name) => [name, String(recordId)]));
      const others = { user_email: 'someone@example.net', from: 'USD', to: 'EUR', query: 'someone' };
      for (const name of idParamsOf(endpoint)) {
        for (const spelling of otherSpellings(customerId)) {
          const url = rawUrl(endpoint, { ...others, ...canonical, [name]: spelling });
          const response = await sendRaw(api, endpoint, client, url, isMutation(endpoint) ? '{}' : undefined);
          const what = `${name} = ${JSON.stringify(spelling)}: ${response.body}`;
          expect(response.statusCode, what).toBe(400);
          expect(response.json(), what).toMatchObject({ code: 'validation_failed', field: name });
          expect(response.json().detail, what).toMatch(new RegExp(`^${name}: must be a whole number`));
          if (isMutation(endpoint)) {
            const rows = await api.db
              .select()
              .from(auditLog)
              .where(eq(auditLog.requestId, String(response.headers['x-request-id'])));
            expect(
              rows.map((row) => [row.outcome, row.status, row.targetId]),
              what,
            ).toEqual([['failed', 400, endpoint.target && name !== endpoint.target.param ? String(recordId) : null]]);
          }
        }
      }
      if (!isMutation(endpoint) || !endpoint.target) return;
      const response = await sendRaw(api, endpoint, client, rawUrl(endpoint, { ...others, ...canonical }), '{}');
      expect(response.statusCode, response.body).toBeLessThan(500);
      const rows = await api.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.requestId, String(response.headers['x-request-id'])));
      expect(rows.map((row) => [row.targetKind, row.targetId])).toEqual([[endpoint.target.kind, String(recordId)]]);
    });
  }

  it("a customer's audit tab shows every force logout against them: other spellings are refused, not recorded as theirs", async () => {
    const { api } = t;
    const admin = clients.ADMIN;
    if (!admin) throw new Error('not signed in');
    const customer = await insertCustomer(api.db);
    const endpoint = api.userActions.forceLogout;
    const body = JSON.stringify({ reason: 'Lost laptop' });
    for (const spelling of [`0${customer.id}`, `${customer.id}.0`, `+${customer.id}`, ` ${customer.id}`]) {
      const refused = await sendRaw(api, endpoint, admin, rawUrl(endpoint, { user_id: spelling }), body);
      expect(refused.statusCode).toBe(400);
    }
    expect((await readCustomer(api.db, customer.id))?.sessionsRevokedAt).toBeNull();
    const done = await sendRaw(api, endpoint, admin, rawUrl(endpoint, { user_id: String(customer.id) }), body);
    expect(done.statusCode, done.body).toBe(200);
    const tab = await admin.get(api.userDetails.audit, { user_id: customer.id });
    expect(tab.status).toBe(200);
    expect(tab.json.entries.map((row) => [row.call_id, row.outcome])).toEqual([['userActions.forceLogout', 'ok']]);
  });
});
