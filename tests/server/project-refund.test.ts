import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { charges, customerCredits, invoices, paymentAttempts } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { reconcilePayments } from '../../server/payments/reconcile';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

const refund = api.refunds.refund;
const notPaid = 'Its charge was not paid: there is nothing to refund';
const inFull = 'It is refunded in full';

describeEachBackend('project refunds: money back to the card or as credit, never more than charged', (backend) => {
  let sandbox: SandboxGateway;
  const t = useTestApi(backend, {
    gateway: (db) => {
      sandbox = new SandboxGateway(db);
      return sandbox;
    },
    config: { idempotencyWaitMs: 60_000 },
  });
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  /** A customer whose project was billed by a real sandbox charge of `amount` (EUR minor units). */
  async function billedProject(amount = 4800, providerCharge = true) {
    const customer = await insertCustomer(t.api.db, { currency: 'EUR', paymentMethodToken: 'pm_card_ok' });
    const made = providerCharge
      ? await sandbox.charge({
          idempotencyKey: `fixture:${randomUUID()}`,
          customerRef: `cus_${customer.id}`,
          paymentMethod: 'pm_card_ok',
          amount,
          currency: 'EUR',
          description: 'Subscription',
        })
      : null;
    const [charge] = await t.api.db
      .insert(charges)
      .values({
        customerId: customer.id,
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount,
        currency: 'EUR',
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: March 2026',
        chargingVendor: 'Stripe',
        providerChargeId: made?.status === 'succeeded' ? made.chargeId : 'ch_not_at_the_provider',
      })
      .returning();
    if (!charge) throw new Error('charge not inserted');
    const project = await insertProject(t.api.db, customer.id, {
      name: 'Smith wedding',
      status: 'DOWNLOADED',
      totalCharge: amount,
      paid: true,
      chargeId: charge.id,
    });
    return { customer, charge, project };
  }

  const refundsOf = (projectId: number) =>
    t.api.db
      .select()
      .from(charges)
      .where(and(eq(charges.projectId, projectId), eq(charges.kind, 'REFUND')));
  const creditsOf = (projectId: number) =>
    t.api.db.select().from(customerCredits).where(eq(customerCredits.projectId, projectId));
  const refundCalls = () => sandbox.calls.filter((call) => call.operation === 'refund' && !call.replayed);
  const body = (amount: number, to: 'card' | 'credit' = 'card') => ({
    amount,
    reason: 'UNSATISFIED_WITH_EDITS',
    description: 'Colours were off',
    to,
  });

  it('serves the spec’s refund reasons and what is left to refund', async () => {
    const reasons = await master.get(api.refunds.reasons);
    expect(reasons.json).toHaveLength(20);
    expect(reasons.json[5]).toEqual({ value: 'TRIED_A_FEW_TALENTS', label: 'Tried a few talents' });
    const { project } = await billedProject();
    const left = await master.get(api.refunds.refundable, { project_id: project.id });
    expect(left.json).toMatchObject({
      currency: 'EUR',
      charged: { amount: 4800 },
      refunded: { amount: 0 },
      refundable: { amount: 4800 },
      card: { available: true, reason: null },
    });
  });

  it('refunds part to the card once per key: a REFUND ledger row, a credit-note invoice version, a replay', async () => {
    const { project, charge } = await billedProject();
    const before = refundCalls().length;
    const key = randomUUID();
    const first = await master.post(refund, { project_id: project.id }, body(12.5), { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.json.refund).toMatchObject({ to: 'card', amount: { amount: 1250 }, credit_id: null });
    expect(first.json.refund.invoice).toMatchObject({ charge_id: charge.id, version: 1 });
    expect(first.json.refundable.refundable.amount).toBe(3550);
    const ledger = await refundsOf(project.id);
    expect(ledger).toMatchObject([
      { status: 'SUCCEEDED', amount: 1250, refundOf: charge.id, purpose: 'PROJECT_REFUND' },
    ]);
    expect(ledger[0]?.providerChargeId).toMatch(/^re_sbx_/);
    const [invoice] = await t.api.db.select().from(invoices).where(eq(invoices.chargeId, charge.id));
    expect(invoice?.total).toBe(4800 - 1250);
    expect(invoice?.lines.map((line) => line.amount).reduce((a, b) => a + b, 0)).toBe(invoice?.subtotal);
    expect(invoice?.lines[1]?.amount).toBeLessThan(0);

    const again = await master.post(refund, { project_id: project.id }, body(12.5), { idempotencyKey: key });
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(refundCalls().length - before).toBe(1);
    expect(await refundsOf(project.id)).toHaveLength(1);
  });

  it('refunds to credit without touching the card, and never past what was charged in total', async () => {
    const { project, customer } = await billedProject(4800);
    const before = refundCalls().length;
    const toCredit = await master.post(refund, { project_id: project.id }, body(30, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(toCredit.status).toBe(200);
    expect(toCredit.json.refund).toMatchObject({ to: 'credit', ledger_id: null, invoice: null });
    expect(await creditsOf(project.id)).toMatchObject([
      { customerId: customer.id, amount: 3000, currency: 'EUR', source: 'REFUND', reason: 'UNSATISFIED_WITH_EDITS' },
    ]);
    expect(refundCalls().length).toBe(before);
    await master.post(refund, { project_id: project.id }, body(10), { idempotencyKey: randomUUID() });

    const over = await master.post(refund, { project_id: project.id }, body(8.01), { idempotencyKey: randomUUID() });
    expect(over.status).toBe(422);
    expect(over.error).toMatchObject({ code: 'refund_amount_invalid', field: 'amount' });
    expect(over.error.detail).toContain('€8.00');
    for (const amount of [0, -5]) {
      const bad = await master.post(refund, { project_id: project.id }, body(amount, 'credit'), {
        idempotencyKey: randomUUID(),
      });
      expect(bad.status).toBe(422);
      expect(bad.error.field).toBe('amount');
      expect(bad.error.detail).toContain('more than 0');
    }
    const rest = await master.post(refund, { project_id: project.id }, body(8, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(rest.json.refundable.refundable.amount).toBe(0);
    const refundAction = (row: { quick_actions: { name: string; disable_message: string | null }[] } | undefined) =>
      row?.quick_actions.find((action) => action.name === 'REFUND')?.disable_message;
    expect(refundAction(rest.json.project)).toBe('It is refunded in full');
    const listed = await master.get(api.projects.editing, { user_id: customer.id });
    expect(refundAction(listed.json.projects.find((row) => row.id === project.id))).toBe('It is refunded in full');
    const full = await master.post(refund, { project_id: project.id }, body(0.01, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(full.status).toBe(409);
    expect(full.error).toMatchObject({ code: 'project_not_refundable', detail: 'It is refunded in full' });
  });

  it('concurrent refunds: identical ones refund once, different partial ones never exceed the charge', async () => {
    const { project } = await billedProject(5000);
    const key = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        master.post(refund, { project_id: project.id }, body(10), { idempotencyKey: key }),
      ),
    );
    expect(same.filter((result) => result.status === 200).length).toBeGreaterThan(0);
    expect(await refundsOf(project.id)).toHaveLength(1);

    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        master.post(refund, { project_id: project.id }, body(7 + index, index % 2 ? 'card' : 'credit'), {
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    for (const result of mixed) expect([200, 409, 422]).toContain(result.status);
    const card = (await refundsOf(project.id)).reduce((sum, row) => sum + row.amount, 0);
    const credit = (await creditsOf(project.id)).reduce((sum, row) => sum + row.amount, 0);
    expect(card + credit).toBeLessThanOrEqual(5000);
    const answered = mixed.filter((result) => result.status === 200);
    expect(card + credit).toBe(1000 + answered.reduce((sum, result) => sum + result.json.refund.amount.amount, 0));
    const left = await master.get(api.refunds.refundable, { project_id: project.id });
    expect(left.json.refundable.amount).toBe(5000 - card - credit);
  });

  it('a second refund of a project while a card refund of it is at the provider is 409 payment_in_progress, not queued', async () => {
    const { project } = await billedProject(5000);
    const original = sandbox.refund.bind(sandbox);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const atProvider = new Promise<void>((resolve) => {
      entered = resolve;
    });
    sandbox.refund = async (request) => {
      entered();
      await held;
      return original(request);
    };
    try {
      const first = master.post(refund, { project_id: project.id }, body(10), { idempotencyKey: randomUUID() });
      await atProvider;
      // While the card refund is out, neither another card refund nor a credit refund of the project runs: each is
      // refused at once with the reason, and nothing of it is written.
      for (const to of ['card', 'credit'] as const) {
        const second = await master.post(refund, { project_id: project.id }, body(5, to), {
          idempotencyKey: randomUUID(),
        });
        expect(second.status, to).toBe(409);
        expect(second.error.code).toBe('payment_in_progress');
      }
      expect(await creditsOf(project.id)).toEqual([]);
      release();
      expect((await first).status).toBe(200);
    } finally {
      release();
      sandbox.refund = original;
    }
    // Once the first is recorded the staff member retries with the new figures: it runs.
    const left = await master.get(api.refunds.refundable, { project_id: project.id });
    expect(left.json.refundable.amount).toBe(4000);
    const retry = await master.post(refund, { project_id: project.id }, body(5, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(retry.status).toBe(200);
    expect((await refundsOf(project.id)).map((row) => row.amount)).toEqual([1000]);
  });

  it('a refund the provider refuses leaves no ledger row and no credit (402), and the customer is not blocked', async () => {
    const { project, customer } = await billedProject(4800, false);
    const refused = await master.post(refund, { project_id: project.id }, body(10), { idempotencyKey: randomUUID() });
    expect(refused.status).toBe(402);
    expect(refused.error.code).toBe('refund_declined');
    expect(await refundsOf(project.id)).toEqual([]);
    expect(await creditsOf(project.id)).toEqual([]);
    const attempts = await t.api.db.select().from(paymentAttempts).where(eq(paymentAttempts.customerId, customer.id));
    expect(attempts.map((row) => row.state)).toEqual(['abandoned']);
    const asCredit = await master.post(refund, { project_id: project.id }, body(10, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(asCredit.status).toBe(200);
  });

  it('refuses unknown, video, unbilled and cardless projects clearly, changing nothing', async () => {
    const missing = await master.post(refund, { project_id: 987654321 }, body(1), { idempotencyKey: randomUUID() });
    expect(missing.status).toBe(404);
    const customer = await insertCustomer(t.api.db, { currency: 'EUR' });
    const video = await insertProject(t.api.db, customer.id, {
      kind: 'VIDEO',
      projectType: null,
      durationMinutes: 3,
      numberOfClips: 4,
    });
    expect(
      (await master.post(refund, { project_id: video.id }, body(1), { idempotencyKey: randomUUID() })).status,
    ).toBe(404);
    const free = await insertProject(t.api.db, customer.id, { totalCharge: 0 });
    const nothing = await master.post(refund, { project_id: free.id }, body(1, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(nothing.error.code).toBe('project_not_refundable');
    const unbilled = await insertProject(t.api.db, customer.id, { totalCharge: 900, paid: true });
    const unpaid = await master.post(refund, { project_id: unbilled.id }, body(1, 'credit'), {
      idempotencyKey: randomUUID(),
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.error.code).toBe('project_not_refundable');
    const [imported] = await t.api.db
      .insert(charges)
      .values({
        customerId: customer.id,
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount: 900,
        currency: 'EUR',
        purpose: 'SUBSCRIPTION',
        description: 'Imported history',
        chargingVendor: 'Stripe',
      })
      .returning();
    const cardless = await insertProject(t.api.db, customer.id, {
      totalCharge: 900,
      paid: true,
      chargeId: imported?.id,
    });
    const noCard = await master.post(refund, { project_id: cardless.id }, body(1), { idempotencyKey: randomUUID() });
    expect(noCard.status).toBe(409);
    expect(noCard.error).toMatchObject({ code: 'refund_card_unavailable', field: 'to' });
    const noKey = await master.post(refund, { project_id: cardless.id }, body(1, 'credit'));
    expect(noKey.status).toBe(400);
    expect(await creditsOf(cardless.id)).toEqual([]);
    expect(await creditsOf(unbilled.id)).toEqual([]);
  });

  it('reconciliation records a provider refund whose ledger row was lost, linked to its charge and project', async () => {
    const { project, charge, customer } = await billedProject(4800);
    const providerKey = `loupe:${t.api.staff.SUPPORT_MASTER.id}:${randomUUID()}`;
    await t.api.db.insert(paymentAttempts).values({
      providerKey,
      callId: 'refunds.refund',
      staffId: t.api.staff.SUPPORT_MASTER.id,
      customerId: customer.id,
      amount: 700,
      currency: 'EUR',
      purpose: 'PROJECT_REFUND',
      description: 'Refund of project Smith wedding',
      operation: 'refund',
      refundOf: charge.id,
      projectId: project.id,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const pending = await master.get(api.refunds.refundable, { project_id: project.id });
    expect(pending.json.refunded.amount).toBe(700);
    await sandbox.refund({ idempotencyKey: providerKey, chargeId: charge.providerChargeId ?? '', amount: 700 });
    const report = await reconcilePayments(t.api.db, sandbox, 60);
    expect(report.recorded).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(project.id)).toMatchObject([{ amount: 700, refundOf: charge.id, providerKey }]);
    const after = await master.get(api.refunds.refundable, { project_id: project.id });
    expect(after.json.refunded.amount).toBe(700);
  });

  // Issue 19 item 1: what can be refunded is what was actually paid for the project minus what was refunded; the
  // refund call, the refundable preview and the Projects tab's row give the same amount and the same reason.
  /** A project of `total` billed by a ledger charge of `amount` (null: never billed). */
  async function projectOfKind(options: {
    total: number;
    paid: boolean;
    charge: { amount: number; status: 'SUCCEEDED' | 'FAILED'; purpose: 'SUBSCRIPTION' | 'CONTRACT_PAYMENT' } | null;
  }) {
    const customer = await insertCustomer(t.api.db, { currency: 'EUR', paymentMethodToken: 'pm_card_ok' });
    let chargeId: number | null = null;
    if (options.charge) {
      const made =
        options.charge.status === 'SUCCEEDED'
          ? await sandbox.charge({
              idempotencyKey: `fixture:${randomUUID()}`,
              customerRef: `cus_${customer.id}`,
              paymentMethod: 'pm_card_ok',
              amount: options.charge.amount,
              currency: 'EUR',
              description: 'Fixture',
            })
          : null;
      const [row] = await t.api.db
        .insert(charges)
        .values({
          customerId: customer.id,
          kind: 'CHARGE',
          status: options.charge.status,
          amount: options.charge.amount,
          currency: 'EUR',
          purpose: options.charge.purpose,
          description: options.charge.purpose === 'CONTRACT_PAYMENT' ? 'Contract installment 1 of 12' : 'Subscription',
          chargingVendor: 'Stripe',
          providerChargeId: made?.status === 'succeeded' ? made.chargeId : null,
          failureMessage: options.charge.status === 'FAILED' ? 'Card declined' : null,
        })
        .returning();
      chargeId = row?.id ?? null;
    }
    const created = await insertProject(t.api.db, customer.id, {
      status: 'DOWNLOADED',
      totalCharge: options.total,
      paid: options.paid,
      chargeId,
    });
    return { customer, project: created };
  }

  /** The refundable preview, the row's REFUND action, and a refund attempt of `amount` as credit. */
  async function views(customerId: number, projectId: number) {
    const preview = await master.get(api.refunds.refundable, { project_id: projectId });
    const list = await master.get(api.projects.editing, { user_id: customerId }, { page_size: 50 });
    const row = list.json.projects.find((entry) => entry.id === projectId);
    const action = row?.quick_actions.find((entry) => entry.name === 'REFUND');
    if (!action) throw new Error(`project ${projectId} has no REFUND action in its row`);
    return { preview: preview.json, action };
  }
  const attempt = (projectId: number, amount: number, to: 'card' | 'credit' = 'credit') =>
    master.post(
      refund,
      { project_id: projectId },
      { amount, reason: 'UNSATISFIED_WITH_EDITS', description: '', to },
      { idempotencyKey: randomUUID() },
    );

  it('paid: the whole charge is refundable, and the call, the preview and the row agree', async () => {
    const { customer, project: paid } = await projectOfKind({
      total: 4800,
      paid: true,
      charge: { amount: 4800, status: 'SUCCEEDED', purpose: 'SUBSCRIPTION' },
    });
    const before = await views(customer.id, paid.id);
    expect(before.preview).toMatchObject({ paid: { amount: 4800 }, refundable: { amount: 4800 }, reason: null });
    expect(before.action).toMatchObject({ is_disabled: false, disable_message: null });
    const done = await attempt(paid.id, 48);
    expect(done.status).toBe(200);
    expect(done.json.refundable).toMatchObject({ refundable: { amount: 0 }, reason: inFull });
    const after = await views(customer.id, paid.id);
    expect(after.action).toMatchObject({ is_disabled: true, disable_message: inFull });
    const again = await attempt(paid.id, 0.01);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'project_not_refundable', detail: inFull });
  });

  it('unpaid (project 105 of the demo): nothing is refundable, 409 with the row’s reason, no credit written', async () => {
    for (const charge of [null, { amount: 1236, status: 'FAILED', purpose: 'SUBSCRIPTION' } as const]) {
      const { customer, project: unpaid } = await projectOfKind({ total: 1236, paid: false, charge });
      const seen = await views(customer.id, unpaid.id);
      expect(seen.preview).toMatchObject({
        charged: { amount: 1236 },
        paid: { amount: 0 },
        refundable: { amount: 0 },
        reason: notPaid,
      });
      expect(seen.action).toMatchObject({ is_disabled: true, disable_message: notPaid });
      for (const to of ['credit', 'card'] as const) {
        const refused = await attempt(unpaid.id, 12.36, to);
        expect(refused.status).toBe(409);
        expect(refused.error).toMatchObject({ code: 'project_not_refundable', detail: notPaid });
      }
      expect(await creditsOf(unpaid.id)).toEqual([]);
    }
    // Marked paid but billed by a declined charge: still nothing was paid.
    const { project: declined } = await projectOfKind({
      total: 900,
      paid: true,
      charge: { amount: 900, status: 'FAILED', purpose: 'SUBSCRIPTION' },
    });
    expect((await attempt(declined.id, 9)).error).toMatchObject({ code: 'project_not_refundable', detail: notPaid });
  });

  it('partly refunded: only the rest of what was paid, and a refund past it is 422 naming the rest', async () => {
    const { customer, project: partly } = await projectOfKind({
      total: 3000,
      paid: true,
      charge: { amount: 3000, status: 'SUCCEEDED', purpose: 'SUBSCRIPTION' },
    });
    expect((await attempt(partly.id, 10, 'card')).status).toBe(200);
    expect((await attempt(partly.id, 5)).status).toBe(200);
    const seen = await views(customer.id, partly.id);
    expect(seen.preview).toMatchObject({ paid: { amount: 3000 }, refunded: { amount: 1500 }, reason: null });
    expect(seen.preview.refundable.amount).toBe(1500);
    expect(seen.action.is_disabled).toBe(false);
    const tooMuch = await attempt(partly.id, 15.01);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.error.detail).toContain('€15.00');
    expect((await attempt(partly.id, 15)).status).toBe(200);
    expect((await views(customer.id, partly.id)).action).toMatchObject({ is_disabled: true, disable_message: inFull });
  });

  it('charged on a contract: the project’s part of the installment is refundable, never the whole installment', async () => {
    const { customer, project: onContract } = await projectOfKind({
      total: 2500,
      paid: true,
      charge: { amount: 30000, status: 'SUCCEEDED', purpose: 'CONTRACT_PAYMENT' },
    });
    const seen = await views(customer.id, onContract.id);
    expect(seen.preview).toMatchObject({
      paid: { amount: 2500 },
      refundable: { amount: 2500 },
      card: { available: true },
      reason: null,
    });
    expect(seen.action.is_disabled).toBe(false);
    expect((await attempt(onContract.id, 25.01, 'card')).status).toBe(422);
    expect((await attempt(onContract.id, 25, 'card')).status).toBe(200);
    const refused = await attempt(onContract.id, 1);
    expect(refused.error).toMatchObject({ code: 'project_not_refundable', detail: inFull });
    // A contract project that was never billed on its own (covered by the contract, total 0) has nothing to refund.
    const { project: covered } = await projectOfKind({ total: 0, paid: true, charge: null });
    expect((await attempt(covered.id, 1)).error.code).toBe('project_not_refundable');
  });
});
