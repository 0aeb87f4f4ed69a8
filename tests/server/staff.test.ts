import { dictionary } from '@zxcvbn-ts/language-common';
import { and, desc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outbox, staffInvites, staff as staffTable } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertStaff } from './support/staff';
import { useTestApi } from './support/test-api';

const common = (dictionary['passwords-common'] as string[]).find((entry) => entry.length >= 12) ?? '';
const strong = 'lantern orchard 42 velvet';

describeEachBackend('staff and roles', (backend) => {
  const t = useTestApi(backend);

  async function invite(email: string) {
    const admin = await t.api.signIn('ADMIN');
    const answer = await admin.post(
      t.api.staffAccounts.invite,
      {},
      {
        first_name: 'Ines',
        last_name: 'Invited',
        email,
        role: 'SUPPORT_PL2',
      },
    );
    expect(answer.status).toBe(200);
    const [mail] = await t.api.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email.toLowerCase()))
      .orderBy(desc(outbox.id))
      .limit(1);
    const note = String((mail?.payload as { note?: string } | undefined)?.note);
    const token = /#token=([\w-]+)/.exec(note)?.[1] ?? '';
    return { answer, token, admin };
  }

  it('lists staff with role, status, sessions and failed sign-ins', async () => {
    const admin = await t.api.signIn('ADMIN');
    const list = await admin.get(t.api.staffAccounts.list, {}, {});
    expect(list.status).toBe(200);
    const me = list.json.staff.find((row) => row.id === t.api.staff.ADMIN.id);
    expect(me).toMatchObject({ role: 'ADMIN', status: 'ACTIVE' });
    expect(me?.active_sessions).toBeGreaterThan(0);
  });

  it('invites by e-mail: a single-use, expiring set-password link; the password is checked, then signs in', async () => {
    const email = `ines.${backend}@staff.example`;
    const { answer, token } = await invite(email.toUpperCase());
    expect(answer.json.staff).toMatchObject({ email, status: 'INVITED', role: 'SUPPORT_PL2' });
    expect(token.length).toBeGreaterThan(20);
    const { anonymous } = t.api;
    const short = await anonymous.post(t.api.staffAccounts.setPassword, {}, { token, password: 'short one' });
    expect(short.status).toBe(400);
    expect(short.error.field).toBe('password');
    const popular = await anonymous.post(t.api.staffAccounts.setPassword, {}, { token, password: common });
    expect(popular.error).toMatchObject({ code: 'password_common', field: 'password' });
    const set = await anonymous.post(t.api.staffAccounts.setPassword, {}, { token, password: strong });
    expect(set.status).toBe(200);
    expect(set.json.email).toBe(email);
    // The service's own hashes carry the full scrypt cost (the suites' fixture accounts use a cheap one).
    const [stored] = await t.api.db
      .select({ hash: staffTable.passwordHash })
      .from(staffTable)
      .where(eq(staffTable.email, email));
    expect(stored?.hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    const again = await anonymous.post(t.api.staffAccounts.setPassword, {}, { token, password: `${strong}!` });
    expect(again.error.code).toBe('invitation_invalid');
    const client = await t.api.signIn({ email, password: strong });
    expect(client.role).toBe('SUPPORT_PL2');
    const taken = await (await t.api.signIn('ADMIN')).post(
      t.api.staffAccounts.invite,
      {},
      {
        first_name: 'Ines',
        last_name: 'Again',
        email,
        role: 'ADMIN',
      },
    );
    expect(taken.error.code).toBe('staff_email_taken');
  });

  it('an expired link does not work, and inviting again replaces the link', async () => {
    const email = `late.${backend}@staff.example`;
    const first = await invite(email);
    await t.api.db.execute(sql`update staff_invites set expires_at = now() - interval '1 minute'
      where staff_id = ${first.answer.json.staff.id}`);
    const expired = await t.api.anonymous.post(
      t.api.staffAccounts.setPassword,
      {},
      { token: first.token, password: strong },
    );
    expect(expired.error.code).toBe('invitation_invalid');
    const second = await invite(email);
    expect(second.token).not.toBe(first.token);
    const open = await t.api.db
      .select()
      .from(staffInvites)
      .where(and(eq(staffInvites.staffId, first.answer.json.staff.id), sql`${staffInvites.usedAt} is null`));
    expect(open).toHaveLength(1);
    const set = await t.api.anonymous.post(
      t.api.staffAccounts.setPassword,
      {},
      { token: second.token, password: strong },
    );
    expect(set.status).toBe(200);
  });

  it('the last active ADMIN cannot be demoted or deactivated (409); with a second ADMIN they can', async () => {
    const admin = await t.api.signIn('ADMIN');
    const me = t.api.staff.ADMIN.id;
    const demote = await admin.put(t.api.staffAccounts.setRole, { staff_id: me }, { role: 'SUPPORT_MASTER' });
    expect(demote.status).toBe(409);
    expect(demote.error.code).toBe('last_active_admin');
    expect((await admin.post(t.api.staffAccounts.deactivate, { staff_id: me }, {})).status).toBe(409);
    const other = await insertStaff(t.api.db, 'SUPPORT_PL1');
    expect((await admin.put(t.api.staffAccounts.setRole, { staff_id: other }, { role: 'ADMIN' })).status).toBe(200);
    const deactivated = await admin.post(t.api.staffAccounts.deactivate, { staff_id: other }, {});
    expect(deactivated.json.status).toBe('DEACTIVATED');
    // A deactivated ADMIN does not count: the last active one still cannot go.
    expect((await admin.put(t.api.staffAccounts.setRole, { staff_id: me }, { role: 'SUPPORT_PL1' })).status).toBe(409);
    expect((await admin.post(t.api.staffAccounts.activate, { staff_id: other }, {})).json.status).toBe('ACTIVE');
    expect((await admin.post(t.api.staffAccounts.activate, { staff_id: other }, {})).status).toBe(409);
    const demoted = await admin.put(t.api.staffAccounts.setRole, { staff_id: other }, { role: 'SUPPORT_PL1' });
    expect(demoted.json.role).toBe('SUPPORT_PL1');
    expect((await admin.post(t.api.staffAccounts.deactivate, { staff_id: 999_999 }, {})).status).toBe(404);
  });

  it('a role change, a deactivation and ended sessions count from the person’s very next request', async () => {
    const admin = await t.api.signIn('ADMIN');
    const email = `switch.${backend}@staff.example`;
    const { token } = await invite(email);
    await t.api.anonymous.post(t.api.staffAccounts.setPassword, {}, { token, password: strong });
    const person = await t.api.signIn({ email, password: strong });
    const id = person.staffId ?? 0;
    expect((await person.get(t.api.staffAccounts.list, {}, {})).status).toBe(403);
    await admin.put(t.api.staffAccounts.setRole, { staff_id: id }, { role: 'ADMIN' });
    expect((await person.get(t.api.staffAccounts.list, {}, {})).status).toBe(200);
    await admin.put(t.api.staffAccounts.setRole, { staff_id: id }, { role: 'SUPPORT_PL1' });
    expect((await person.get(t.api.staffAccounts.list, {}, {})).status).toBe(403);
    const ended = await admin.post(t.api.staffAccounts.endSessions, { staff_id: id }, {});
    expect(ended.json.sessions_ended).toBeGreaterThan(0);
    expect((await person.get(t.api.users.lastViewed, {}, {})).error.code).toBe('session_revoked');
    const again = await t.api.signIn({ email, password: strong });
    await admin.post(t.api.staffAccounts.deactivate, { staff_id: id }, {});
    expect((await again.get(t.api.users.lastViewed, {}, {})).error.code).toBe('staff_deactivated');
  });

  it('the audit trail lists audited calls newest first, filtered by call and outcome in SQL', async () => {
    const admin = await t.api.signIn('ADMIN');
    await admin.put(t.api.staffAccounts.setRole, { staff_id: t.api.staff.ADMIN.id }, { role: 'SUPPORT_PL1' });
    const refused = await admin.post(
      t.api.audit.list,
      {},
      {
        filters: [
          { kind: 'text', column: 'call_id', op: 'equal', value: 'staff.setRole' },
          { kind: 'multi', column: 'outcome', op: 'equal', value: ['failed'] },
        ],
      },
    );
    expect(refused.status).toBe(200);
    expect(refused.json.entries.length).toBeGreaterThan(0);
    expect(refused.json.entries.every((row) => row.call_id === 'staff.setRole' && row.outcome === 'failed')).toBe(true);
    expect(refused.json.entries[0]).toMatchObject({ status: 409, target_kind: 'staff' });
    const all = await admin.post(t.api.audit.list, {}, { page_size: 1 });
    expect(all.json.entries).toHaveLength(1);
    expect(all.json.meta.next_cursor).not.toBeNull();
    const bad = await admin.post(
      t.api.audit.list,
      {},
      { filters: [{ kind: 'text', column: 'nope', op: 'equal', value: 'x' }] },
    );
    expect(bad.status).toBe(400);
  });
});
