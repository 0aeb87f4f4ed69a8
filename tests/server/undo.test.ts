import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditIdHeader } from '../../domain/undo';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import {
  auditLog,
  bundles,
  customerCredits,
  partnerActivities,
  partners,
  recordVersions,
  shortLinks,
  staff,
} from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { listenUrlOf } from './support/databases';
import { insertCustomer, readCustomer } from './support/fixtures';
import { insertActivity, insertBundle, insertPartner } from './support/partners';
import { insertStaff } from './support/staff';
import { type CallResult, type Client, type TestApi, testSecret, useTestApi } from './support/test-api';

let keys = 0;
const key = () => `undo-${Date.now()}-${++keys}`;

/** The audit row id a successful command answers in its header. */
function auditIdOf(result: CallResult): number {
  expect(result.status).toBe(200);
  const id = Number(result.headers[auditIdHeader.toLowerCase()]);
  expect(Number.isSafeInteger(id) && id > 0).toBe(true);
  return id;
}

const suspend = (api: TestApi, client: Client, id: number) =>
  client.post(api.users.suspend, { user_id: id }, { reason: 'FRAUD', description: 'undo test' });
const giveTen = (api: TestApi, client: Client, id: number) =>
  client.post(api.userActions.giveCredit, { user_id: id }, { amount: 10, reason: 'SURVEY' }, { idempotencyKey: key() });
const undo = (api: TestApi, client: Client, auditId: number | string) =>
  client.post(api.undo.undo, { audit_id: auditId as number });

async function status(api: TestApi, id: number) {
  return (await readCustomer(api.db, id))?.status;
}

async function roleOf(api: TestApi, id: number) {
  const [row] = await api.db.select({ role: staff.role }).from(staff).where(eq(staff.id, id));
  return row?.role;
}

describeEachBackend('undo', (backend) => {
  const t = useTestApi(backend);

  it('undoes a suspension as its own audited command, once', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const agent = await api.signIn('SUPPORT_PL2');
    const id = auditIdOf(await suspend(api, agent, customer.id));
    expect(await status(api, customer.id)).toBe('SUSPENDED');

    const undone = await undo(api, agent, id);
    expect(undone.status).toBe(200);
    expect(undone.json).toEqual({
      undone: id,
      call_id: 'users.suspend',
      text: 'Undid: suspend a customer, with a reason',
    });
    expect(await status(api, customer.id)).toBe('ACTIVE');
    const [row] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, auditIdOf(undone)));
    expect(row).toMatchObject({
      callId: 'undo.undo',
      targetKind: 'customer',
      targetId: String(customer.id),
      detail: `undid #${id}`,
      undo: { undid: id, call_id: 'users.suspend' },
    });

    const again = await undo(api, agent, id);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'undo_done', detail: 'You undid this already' });
    // An undo is not undone in turn.
    expect((await undo(api, agent, auditIdOf(undone))).error.detail).toMatch(/cannot itself be undone/);
  });

  it('takes credit back with a reversing ledger row, and re-suspends an unsuspension with its reason', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'USD' });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const credit = auditIdOf(await giveTen(api, pl1, customer.id));
    // Their own credit: a capped role may take it back (the reversal needs give_credit only for someone else's).
    expect((await undo(api, pl1, credit)).status).toBe(200);
    const rows = await api.db
      .select({ amount: customerCredits.amount, staffId: customerCredits.staffId })
      .from(customerCredits)
      .where(eq(customerCredits.customerId, customer.id));
    expect(rows.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-1000, 1000]);
    expect(rows.every((row) => row.staffId === api.staff.SUPPORT_PL1.id)).toBe(true);

    const admin = await api.signIn('ADMIN');
    auditIdOf(await suspend(api, admin, customer.id));
    const lifted = auditIdOf(await admin.post(api.users.unsuspend, { user_id: customer.id }));
    expect((await undo(api, admin, lifted)).status).toBe(200);
    expect(await readCustomer(api.db, customer.id)).toMatchObject({
      status: 'SUSPENDED',
      suspendReason: 'FRAUD',
      suspendDescription: 'undo test',
    });
  });

  it('sets the role before a role change back', async () => {
    const { api } = t;
    const member = await insertStaff(api.db, 'SUPPORT_PL1');
    const admin = await api.signIn('ADMIN');
    const changed = auditIdOf(
      await admin.put(api.staffAccounts.setRole, { staff_id: member }, { role: 'SUPPORT_MASTER' }),
    );
    expect((await undo(api, admin, changed)).status).toBe(200);
    expect(await roleOf(api, member)).toBe('SUPPORT_PL1');
  });

  it('restores a deleted partner, an activity with its short link, and sets a bundle back', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    const partner = await insertPartner(api.db);
    const removed = auditIdOf(await admin.delete(api.partners.remove, { partner_id: partner.id }));
    expect((await undo(api, admin, removed)).status).toBe(200);
    expect(await api.db.select().from(partners).where(eq(partners.id, partner.id))).toEqual([partner]);

    const activity = await insertActivity(api.db, partner.id, { slug: `undo-${Date.now().toString(36)}` });
    const gone = auditIdOf(await admin.delete(api.partnerActivities.remove, { activity_id: activity.id }));
    expect(
      await api.db
        .select()
        .from(shortLinks)
        .where(eq(shortLinks.slug, activity.slug ?? '')),
    ).toHaveLength(0);
    expect((await undo(api, admin, gone)).status).toBe(200);
    expect(await api.db.select().from(partnerActivities).where(eq(partnerActivities.id, activity.id))).toEqual([
      activity,
    ]);
    expect(
      await api.db
        .select()
        .from(shortLinks)
        .where(eq(shortLinks.slug, activity.slug ?? '')),
    ).toHaveLength(1);

    const bundle = await insertBundle(api.db);
    const added = auditIdOf(await admin.post(api.bundles.addToShop, { bundle_id: bundle.id }));
    expect((await undo(api, admin, added)).status).toBe(200);
    const [notInShop] = await api.db.select().from(bundles).where(eq(bundles.id, bundle.id));
    expect(notInShop).toMatchObject({ isInShop: false, isDeleted: false, pageBuiltAt: bundle.pageBuiltAt });
    // Deleting is a shop bundle's action: in the shop again, deleted, and back.
    auditIdOf(await admin.post(api.bundles.addToShop, { bundle_id: bundle.id }));
    const deleted = auditIdOf(await admin.delete(api.bundles.remove, { bundle_id: bundle.id }));
    expect((await undo(api, admin, deleted)).status).toBe(200);
    const [restored] = await api.db.select().from(bundles).where(eq(bundles.id, bundle.id));
    expect(restored).toMatchObject({ isInShop: true, isDeleted: false });
  });

  it('refuses after a later change, naming it, and leaves the record as it is', async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db, { currency: 'USD' });
    const agent = await api.signIn('SUPPORT_PL2');
    const other = await api.signIn('ADMIN');
    const id = auditIdOf(await suspend(api, agent, customer.id));
    auditIdOf(await giveTen(api, other, customer.id));
    const refused = await undo(api, agent, id);
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('undo_stale');
    expect(refused.error.detail).toMatch(/ gave \$10\.00 of credit since; nothing was undone$/);
    expect(await status(api, customer.id)).toBe('SUSPENDED');
  });

  it("refuses another person's command to a role that may not run its reverse (403), lets one that may", async () => {
    const { api } = t;
    const customer = await insertCustomer(api.db);
    const id = auditIdOf(await suspend(api, await api.signIn('SUPPORT_PL2'), customer.id));
    const forbidden = await undo(api, await api.signIn('SUPPORT_PL1'), id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.error).toMatchObject({ code: 'undo_forbidden' });
    expect(forbidden.error.detail).toMatch(/ran this command \(suspend a customer, with a reason\); your role may not/);
    expect(await status(api, customer.id)).toBe('SUSPENDED');
    expect((await undo(api, await api.signIn('ADMIN'), id)).status).toBe(200);
    expect(await status(api, customer.id)).toBe('ACTIVE');
  });

  it('answers bad ids, irreversible, refused and old commands with a reason, changing nothing', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    for (const bad of ['abc', '0', '-1', '1e3', '00012', '99999999999', ' 1', '%00', '1;drop']) {
      const answer = await undo(api, admin, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.error.code, bad).toBe('validation_failed');
    }
    expect((await undo(api, admin, 2147483647)).error.code).toBe('undo_not_found');

    const customer = await insertCustomer(api.db);
    const sent = auditIdOf(await admin.post(api.userActions.sendResetPasswordEmail, { user_id: customer.id }));
    const irreversible = await undo(api, admin, sent);
    expect(irreversible.status).toBe(400);
    expect(irreversible.error.detail).toMatch(/sent a message: it cannot be called back/);

    auditIdOf(await suspend(api, admin, customer.id));
    expect((await suspend(api, admin, customer.id)).status).toBe(409);
    const [refusedRow] = await api.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.callId, 'users.suspend'), eq(auditLog.outcome, 'failed')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (refusedRow) expect((await undo(api, admin, refusedRow.id)).error.detail).toMatch(/did not run/);

    const [old] = await api.db
      .insert(auditLog)
      .values({
        at: sql`now() - interval '11 minutes'`,
        staffId: api.staff.ADMIN.id,
        callId: 'users.suspend',
        method: 'POST',
        path: `/admin/users/${customer.id}/actions/suspend`,
        targetKind: 'customer',
        targetId: String(customer.id),
        outcome: 'ok',
        status: 200,
      })
      .returning({ id: auditLog.id });
    const expired = await undo(api, admin, old?.id ?? 0);
    expect(expired.status).toBe(410);
    expect(expired.error.code).toBe('undo_expired');
    expect(await status(api, customer.id)).toBe('SUSPENDED');
  });

  describe("racing another agent's command, it is never blind", () => {
    // On PostgreSQL the other agent acts through a second app instance with its own pool.
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    let secondDb: Awaited<ReturnType<typeof openDatabase>> | null = null;
    beforeAll(async () => {
      const url = t.api.database.url;
      if (backend !== 'pg' || !url) return;
      secondDb = await openDatabase({ url, listenUrl: listenUrlOf(url) });
      second = await buildApp({ database: secondDb, config: { jwtSecret: testSecret } });
    });
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    /** The other agent's call, on the second instance when there is one. */
    async function otherCall(client: Client, method: 'POST' | 'PUT', url: string, payload: unknown, headers = {}) {
      const answer = await (second ?? t.api.app).inject({
        method,
        url,
        payload: payload as object,
        headers: {
          authorization: `Bearer ${client.accessToken}`,
          'x-xsrf-token': client.xsrfToken ?? '',
          cookie: `XSRF-TOKEN=${client.xsrfToken}`,
          ...headers,
        },
      });
      return answer.statusCode;
    }

    it('role change: undo and a later change at once end on the later role, 6 times over', async () => {
      const { api } = t;
      const admin = await api.signIn('ADMIN');
      const otherAdmin = await api.signIn({ email: api.staff.ADMIN.email, password: 'correct horse battery' });
      for (let trial = 0; trial < 6; trial++) {
        const member = await insertStaff(api.db, 'SUPPORT_PL1');
        const id = auditIdOf(await admin.put(api.staffAccounts.setRole, { staff_id: member }, { role: 'SUPPORT_PL2' }));
        const [undone, other] = await Promise.all([
          undo(api, admin, id),
          otherCall(otherAdmin, 'PUT', `/admin/staff/${member}/role`, { role: 'SUPPORT_MASTER' }),
        ]);
        expect(other).toBe(200);
        expect([200, 409]).toContain(undone.status);
        if (undone.status === 409) expect(undone.error.detail).toMatch(/since; nothing was undone$/);
        // A blind reverse would end on SUPPORT_PL1 (the role before the undone change), over the later change.
        expect(await roleOf(api, member)).toBe('SUPPORT_MASTER');
      }
    });

    it('suspension: undo and a credit at once: undone before the credit, or refused naming it', async () => {
      const { api } = t;
      const agent = await api.signIn('SUPPORT_PL2');
      const other = await api.signIn('ADMIN');
      for (let trial = 0; trial < 6; trial++) {
        const customer = await insertCustomer(api.db, { currency: 'USD' });
        const id = auditIdOf(await suspend(api, agent, customer.id));
        const [undone, credit] = await Promise.all([
          undo(api, agent, id),
          otherCall(
            other,
            'POST',
            `/admin/users/${customer.id}/actions/give_credit`,
            { amount: 10, reason: 'SURVEY' },
            { 'idempotency-key': key() },
          ),
        ]);
        expect(credit).toBe(200);
        // Either way the credit is the customer's last change: an undo that ran after it would have been blind.
        const [last] = await api.db
          .select({ callId: recordVersions.callId })
          .from(recordVersions)
          .where(and(eq(recordVersions.kind, 'customer'), eq(recordVersions.id, String(customer.id))));
        expect(last?.callId).toBe('userActions.giveCredit');
        if (undone.status === 200) expect(await status(api, customer.id)).toBe('ACTIVE');
        else {
          expect(undone.status).toBe(409);
          expect(undone.error.detail).toMatch(/gave \$10\.00 of credit since/);
          expect(await status(api, customer.id)).toBe('SUSPENDED');
        }
      }
    });

    it('two undos of one command at once: one runs, the other is told it ran', async () => {
      const { api } = t;
      const agent = await api.signIn('SUPPORT_PL2');
      for (let trial = 0; trial < 6; trial++) {
        const customer = await insertCustomer(api.db);
        const id = auditIdOf(await suspend(api, agent, customer.id));
        const [a, b] = await Promise.all([undo(api, agent, id), otherCall(agent, 'POST', `/admin/undo/${id}`, {})]);
        expect([a.status, b].sort()).toEqual([200, 409]);
        const rows = await api.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.callId, 'undo.undo'),
              eq(auditLog.outcome, 'ok'),
              sql`${auditLog.undo}->>'undid' = ${String(id)}`,
            ),
          );
        expect(rows).toHaveLength(1);
      }
    });
  });
});
