import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { approvalRequests, approvalThresholds, auditLog, charges } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

const body = (amount: number, to: 'card' | 'credit' = 'card') => ({
  amount,
  reason: 'UNSATISFIED_WITH_EDITS' as const,
  description: 'Colours were off',
  to,
});

describeEachBackend('a second person for big money: card refunds above a threshold', (backend) => {
  let sandbox: SandboxGateway;
  const t = useTestApi(backend, {
    gateway: (db) => {
      sandbox = new SandboxGateway(db);
      return sandbox;
    },
  });
  let master: Client;
  let admin: Client;
  let other: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
    admin = await t.api.signIn('ADMIN');
    other = await t.api.signIn('ADMIN');
  });
  // The demo's example: a support master's card refunds above 100 need a second person.
  beforeEach(async () => {
    await t.api.db
      .insert(approvalThresholds)
      .values({ role: 'SUPPORT_MASTER', refundAboveMinor: 10000 })
      .onConflictDoUpdate({ target: approvalThresholds.role, set: { refundAboveMinor: 10000 } });
  });

  /** A customer whose project was billed €480.00 by a real sandbox charge. */
  async function billedProject() {
    const customer = await insertCustomer(t.api.db, {
      currency: 'EUR',
      paymentMethodToken: 'pm_card_ok',
      firstName: 'Kenji',
      lastName: 'Tran',
    });
    const made = await sandbox.charge({
      idempotencyKey: `fixture:${randomUUID()}`,
      customerRef: `cus_${customer.id}`,
      paymentMethod: 'pm_card_ok',
      amount: 48000,
      currency: 'EUR',
      description: 'Subscription',
    });
    const [charge] = await t.api.db
      .insert(charges)
      .values({
        customerId: customer.id,
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount: 48000,
        currency: 'EUR',
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: March 2026',
        chargingVendor: 'Stripe',
        providerChargeId: made.status === 'succeeded' ? made.chargeId : 'ch_missing',
      })
      .returning();
    if (!charge) throw new Error('charge not inserted');
    const project = await insertProject(t.api.db, customer.id, {
      name: 'Tran wedding',
      status: 'DOWNLOADED',
      totalCharge: 48000,
      paid: true,
      chargeId: charge.id,
    });
    return { customer, project };
  }

  const refundsOf = (projectId: number) =>
    t.api.db
      .select()
      .from(charges)
      .where(and(eq(charges.projectId, projectId), eq(charges.kind, 'REFUND')));
  const providerRefunds = () => sandbox.calls.filter((call) => call.operation === 'refund' && !call.replayed).length;
  const approve = (client: Client, id: unknown, key = randomUUID()) =>
    client.post(api.approvals.approve, { approval_id: id as number }, undefined, { idempotencyKey: key });

  it('refuses a big card refund with approval_required, keeps it as a request, and refunds once when approved', async () => {
    const { project } = await billedProject();
    const direct = await master.post(api.refunds.refund, { project_id: project.id }, body(100), {
      idempotencyKey: randomUUID(),
    });
    expect(direct.status).toBe(200);
    const over = await master.post(api.refunds.refund, { project_id: project.id }, body(150), {
      idempotencyKey: randomUUID(),
    });
    expect(over.status).toBe(403);
    expect(over.error).toEqual({
      code: 'approval_required',
      field: 'amount',
      detail: 'amount: card refunds above €100.00 need a second person’s approval for your role; request approval',
    });
    // As credit, or by an admin (no threshold), it goes through directly.
    const asCredit = await master.post(api.refunds.refund, { project_id: project.id }, body(150, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(asCredit.status).toBe(200);
    expect(await refundsOf(project.id)).toHaveLength(1);

    const asked = await master.post(api.approvals.requestRefund, {}, { project_id: project.id, ...body(150) });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({
      kind: 'refund',
      project_id: project.id,
      customer_name: 'Kenji Tran',
      status: 'PENDING',
      value: { amount: 15000 },
      args: { project_id: project.id, amount: 150, to: 'card' },
    });
    const id = asked.json.id;
    const before = providerRefunds();
    expect((await approve(master, id)).error.code).toBe('approval_own_request');

    const key = randomUUID();
    const approved = await approve(admin, id, key);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'APPROVED', decided_by: t.api.staff.ADMIN.id });
    expect(approved.json.ledger_id).not.toBeNull();
    // The same approval again (a lost answer) is its stored answer; another approval is 409; one refund in all.
    const replayed = await approve(admin, id, key);
    expect(replayed.raw.body).toBe(approved.raw.body);
    const twice = await approve(other, id);
    expect(twice.status).toBe(409);
    expect(twice.error.detail).toBe('This request was approved already by ADMIN Tester');
    expect(providerRefunds() - before).toBe(1);
    const ledger = await refundsOf(project.id);
    expect(ledger.map((row) => row.amount).sort()).toEqual([10000, 15000]);
    expect(ledger.find((row) => row.amount === 15000)?.id).toBe(approved.json.ledger_id);

    const audit = await t.api.db
      .select({ callId: auditLog.callId, status: auditLog.status })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'approval'), eq(auditLog.targetId, String(id))));
    expect(audit).toEqual(
      expect.arrayContaining([
        { callId: 'approvals.approve', status: 200 },
        { callId: 'approvals.approve', status: 409 },
        { callId: 'approvals.approve', status: 403 },
      ]),
    );
  });

  it('two approvers at once: one refund, one 409', async () => {
    const { project } = await billedProject();
    const id = (await master.post(api.approvals.requestRefund, {}, { project_id: project.id, ...body(200) })).json.id;
    const before = providerRefunds();
    const answers = await Promise.all([approve(admin, id), approve(other, id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(providerRefunds() - before).toBe(1);
    expect(await refundsOf(project.id)).toHaveLength(1);
  });

  it('refuses requests that need no approval or cannot be refunded, and approvals after 24 hours (410)', async () => {
    const { project } = await billedProject();
    const small = await master.post(api.approvals.requestRefund, {}, { project_id: project.id, ...body(80) });
    expect(small.status).toBe(400);
    expect(small.error.detail).toBe('amount: up to €100.00 your role refunds to the card directly; no approval needed');
    const credit = await master.post(
      api.approvals.requestRefund,
      {},
      { project_id: project.id, ...body(150, 'credit') },
    );
    expect(credit.error).toMatchObject({ code: 'validation_failed', field: 'to' });
    const tooMuch = await master.post(api.approvals.requestRefund, {}, { project_id: project.id, ...body(999) });
    expect(tooMuch.status).toBe(422);
    const noProject = await master.post(api.approvals.requestRefund, {}, { project_id: 987654, ...body(150) });
    expect(noProject.status).toBe(404);
    const byAdmin = await admin.post(api.approvals.requestRefund, {}, { project_id: project.id, ...body(150) });
    expect(byAdmin.error.detail).toBe('amount: your role needs no approval for card refunds; refund it directly');
    for (const odd of ['abc', '-1', '0', '1e3', '99999999999', '%27%3B--']) {
      const answer = await t.api.app.inject({
        method: 'POST',
        url: `/admin/approvals/${odd}/approve`,
        headers: {
          authorization: `Bearer ${admin.accessToken}`,
          'x-xsrf-token': admin.xsrfToken ?? '',
          cookie: `XSRF-TOKEN=${admin.xsrfToken}`,
          'idempotency-key': randomUUID(),
        },
      });
      expect(answer.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, odd).toBeLessThan(500);
    }

    const late = (await master.post(api.approvals.requestRefund, {}, { project_id: project.id, ...body(150) })).json;
    await t.api.db
      .update(approvalRequests)
      .set({ createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-02T00:00:00Z' })
      .where(eq(approvalRequests.id, late.id));
    const before = providerRefunds();
    const expired = await approve(admin, late.id);
    expect(expired.status).toBe(410);
    expect(expired.error.code).toBe('approval_expired');
    expect(providerRefunds()).toBe(before);
    expect(await refundsOf(project.id)).toEqual([]);
  });
});
