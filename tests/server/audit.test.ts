import { desc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { withoutSecrets } from '../../server/http/audit';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { type TestApi, testPassword, useTestApi } from './support/test-api';

async function auditOf(api: TestApi, customerId: number) {
  return api.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(customerId)))
    .orderBy(auditLog.id);
}

describeEachBackend('audit trail', (backend) => {
  const t = useTestApi(backend);

  it('records suspend and unsuspend with staff, call, target, body, outcome and request id', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const master = await api.signIn('SUPPORT_MASTER');
    const suspended = await master.post(
      api.users.suspend,
      { user_id: customer.id },
      { reason: 'CHARGEBACK', description: 'Disputed in October' },
    );
    await master.post(api.users.unsuspend, { user_id: customer.id });
    const rows = await auditOf(api, customer.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      staffId: api.staff.SUPPORT_MASTER.id,
      staffRole: 'SUPPORT_MASTER',
      callId: 'users.suspend',
      method: 'POST',
      path: `/admin/users/${customer.id}/actions/suspend`,
      targetKind: 'customer',
      targetId: String(customer.id),
      requestBody: { reason: 'CHARGEBACK', description: 'Disputed in October' },
      outcome: 'ok',
      status: 200,
      requestId: suspended.headers['x-request-id'],
    });
    expect(rows[0]?.at).toMatch(/\+00$/);
    expect(rows[1]).toMatchObject({ callId: 'users.unsuspend', outcome: 'ok', requestBody: null });
  });

  it('records refused calls (403) and failed ones (4xx), while the business data stays as it was', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const refused = await pl1.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' });
    expect(refused.status).toBe(403);
    const pl2 = await api.signIn('SUPPORT_PL2');
    const noToken = await pl2.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' }, { xsrf: null });
    expect(noToken.status).toBe(403);
    const invalid = await pl2.post(api.users.suspend, { user_id: customer.id }, { reason: 'NOPE' });
    expect(invalid.status).toBe(400);
    const conflict = await pl2.post(api.users.unsuspend, { user_id: customer.id });
    expect(conflict.status).toBe(409);
    expect((await readCustomer(api.db, customer.id))?.status).toBe('ACTIVE');
    const rows = await auditOf(api, customer.id);
    expect(rows.map((row) => [row.staffRole, row.callId, row.outcome, row.status])).toEqual([
      ['SUPPORT_PL1', 'users.suspend', 'refused', 403],
      ['SUPPORT_PL2', 'users.suspend', 'refused', 403],
      ['SUPPORT_PL2', 'users.suspend', 'failed', 400],
      ['SUPPORT_PL2', 'users.unsuspend', 'failed', 409],
    ]);
    expect(rows[0]?.detail).toBe('Insufficient permissions');
    expect(rows[2]?.detail).toBe('reason: choose one of the listed reasons');
  });

  it('does not record 401s or reads', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    await api.anonymous.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER' });
    const admin = await api.signIn('ADMIN');
    await admin.get(api.users.get, { user_id: customer.id });
    expect(await auditOf(api, customer.id)).toEqual([]);
  });

  it('records sign-ins without the password, attributed to the staff member', async () => {
    const { api } = t;
    const client = await api.signIn('MARKETER_PLUS');
    await client.post(api.auth.refresh);
    const rows = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.staffId, api.staff.MARKETER_PLUS.id))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(rows.map((row) => row.callId)).toEqual(['auth.refresh', 'auth.login']);
    expect(rows[1]?.requestBody).toEqual({ email: api.staff.MARKETER_PLUS.email });
    expect(JSON.stringify(rows)).not.toContain(testPassword);
    expect(JSON.stringify(rows)).not.toContain(client.refreshToken);
  });

  it('removes anything named like a password, token or secret from recorded bodies', () => {
    expect(
      withoutSecrets({
        email: 'a@b.c',
        password: 'x',
        new_password: 'y',
        nested: { refresh_token: 'z', apiSecret: 's', keep: [{ accessToken: 't', value: 1 }] },
      }),
    ).toEqual({ email: 'a@b.c', nested: { keep: [{ value: 1 }] } });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the audit log (trigger)', async () => {
    const { api } = t;
    await api.signIn('ADMIN');
    const before = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    await expect(api.db.execute(sql`update audit_log set detail = 'rewritten'`)).rejects.toThrow();
    await expect(api.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(api.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const after = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const changed = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where detail = 'rewritten'`,
    );
    expect(changed.rows[0]?.n).toBe(0);
  });
});
