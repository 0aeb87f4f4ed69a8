import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contractFormOf } from '../../domain/contract-form';
import { splitIntoInstallments, yearlySummary } from '../../domain/contract-math';
import { billingJobKind, scheduleBilling } from '../../server/billing/job';
import { runBilling } from '../../server/billing/run';
import { appConfig } from '../../server/config';
import { addMonths } from '../../server/contracts/records';
import { contracts, customers, jobs } from '../../server/db/schema';
import { fileStoreFrom } from '../../server/files/choose-store';
import { JobWorker } from '../../server/jobs';
import { SandboxGateway } from '../../server/payments';
import { describeEachBackend } from './support/backends';
import { insertRunningContract } from './support/contracts';
import { insertCustomer, readCustomer } from './support/fixtures';
import { type Client, testSecret, useTestApi } from './support/test-api';

describeEachBackend('contract billing', (backend) => {
  const t = useTestApi(backend);
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });
  const gateway = () => new SandboxGateway(t.api.db);

  /** The customer's ledger and contract rows, as the assertions read them. */
  async function books(customerId: number) {
    const result = await t.api.db.execute<Record<string, string | number | null>>(sql`select
      (select count(*) from charges where customer_id = ${customerId} and status = 'SUCCEEDED' and provider_key like 'loupe:billing:%') as charged,
      (select count(*) from charges where customer_id = ${customerId} and status = 'FAILED') as failed,
      (select coalesce(sum(amount), 0) from charges where customer_id = ${customerId} and status = 'SUCCEEDED' and purpose = 'CONTRACT_USAGE') as usage,
      (select count(*) from contract_payments where customer_id = ${customerId}) as payments,
      (select coalesce(sum(amount), 0) from contract_payments where customer_id = ${customerId}) as paid,
      (select count(*) from invoices where customer_id = ${customerId}) as invoices,
      (select count(*) from outbox where customer_id = ${customerId} and template = 'CONTRACT_RECEIPT') as receipts,
      (select count(*) from outbox where customer_id = ${customerId} and template = 'CONTRACT_PAYMENT_FAILED') as failure_mails,
      (select count(*) from activity_events where customer_id = ${customerId} and category = 'BILLING') as events`);
    const row = result.rows[0] ?? {};
    const names = ['charged', 'failed', 'usage', 'payments', 'paid', 'invoices', 'receipts', 'failure_mails', 'events'];
    return Object.fromEntries(names.map((name) => [name, Number(row[name])])) as Record<
      'charged' | 'failed' | 'usage' | 'payments' | 'paid' | 'invoices' | 'receipts' | 'failure_mails' | 'events',
      number
    >;
  }

  /** A running contract in `month`, its usage without AI tools (so only installments are due), unless `tools`. */
  async function contractOf(
    customerId: number,
    month = 5,
    options: Parameters<typeof insertRunningContract>[2] & { tools?: boolean } = {},
  ) {
    const inserted = await insertRunningContract(t.api.db, customerId, { month, photosUsed: 300, ...options });
    if (!options.tools) {
      await t.api.db.execute(
        sql`update contract_monthly_usage set crops = 0 where contract_id = ${inserted.contract.id}`,
      );
    }
    return inserted;
  }

  it('charges the next monthly installment on its day, once, with its invoice, receipt and timeline event', async () => {
    const customer = await insertCustomer(t.api.db);
    const { contract, summary, paid } = await contractOf(customer.id);
    const monthSix = addMonths(contract.startDate, 5);
    await runBilling(t.api.db, gateway(), { asOf: addDays(monthSix, -1) });
    const before = await books(customer.id);
    await runBilling(t.api.db, gateway(), { asOf: monthSix });
    const after = await books(customer.id);
    expect(after.payments - before.payments).toBe(1);
    expect(after.paid - paid).toBe(summary.installments[5]);
    expect(after).toMatchObject({ charged: 1, failed: 0, invoices: 1, receipts: 1 });
    expect(after.events).toBeGreaterThanOrEqual(1);
    // Run again, and again a week later: month 7 is not due yet, month 6 is not charged twice.
    await runBilling(t.api.db, gateway(), { asOf: monthSix });
    await runBilling(t.api.db, gateway(), { asOf: addDays(monthSix, 7) });
    expect((await books(customer.id)).charged).toBe(1);
    expect((await readCustomer(t.api.db, customer.id))?.lastChargeAmount).toBe(summary.installments[5]);
  });

  it('bills once when two runners go at the same time', async () => {
    const customer = await insertCustomer(t.api.db);
    const { contract } = await contractOf(customer.id, 3);
    const asOf = addMonths(contract.startDate, 3);
    const sandbox = gateway();
    await Promise.all([
      runBilling(t.api.db, sandbox, { asOf, concurrency: 2 }),
      runBilling(t.api.db, gateway(), { asOf, concurrency: 2 }),
    ]);
    expect(await books(customer.id)).toMatchObject({ charged: 1, payments: 4, invoices: 1, receipts: 1 });
    expect(await sandbox.chargesMade(customer.providerCustomerRef ?? '')).toBe(1);
  });

  it('bills each once with batches in flight at once (one contract a batch, two batches at a time, two runners)', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => insertCustomer(t.api.db)));
    const made = await Promise.all(customers.map((customer) => contractOf(customer.id, 3)));
    const asOf = addMonths(made[0]?.contract.startDate ?? '', 3);
    const sandbox = gateway();
    await Promise.all([
      runBilling(t.api.db, sandbox, { asOf, batchSize: 1, pipeline: 2 }),
      runBilling(t.api.db, sandbox, { asOf, batchSize: 1, pipeline: 2 }),
    ]);
    for (const customer of customers) {
      expect(await books(customer.id)).toMatchObject({ charged: 1, payments: 4, invoices: 1 });
      expect(await sandbox.chargesMade(customer.providerCustomerRef ?? '')).toBe(1);
    }
  });

  it('installments sum exactly to the yearly total over the year', async () => {
    const customer = await insertCustomer(t.api.db);
    const { contract, summary } = await contractOf(customer.id, 9, { edits: 1234, pricePerEdit: 0.37 });
    await t.api.db.update(contracts).set({ renewalState: 'NO_RENEWAL' }).where(eq(contracts.id, contract.id));
    await runBilling(t.api.db, gateway(), { asOf: addMonths(contract.startDate, 11) });
    const paid = await books(customer.id);
    expect(paid.payments).toBe(12);
    expect(paid.paid).toBe(summary.yearly_total);
    expect(summary.installments).toEqual(splitIntoInstallments(summary.yearly_total, 12));
  });

  it('catches up the months a run is behind in one run, a contract started on the 31st included', async () => {
    const customer = await insertCustomer(t.api.db);
    const { contract } = await contractOf(customer.id, 1);
    await t.api.db
      .update(contracts)
      .set({ startDate: '2026-01-31', endDate: '2027-01-30' })
      .where(eq(contracts.id, contract.id));
    const before = (await books(customer.id)).payments;
    // Months 2 to 5 fall on Feb 28, Mar 31, Apr 30 and May 31 (a short month's last day stands in for the 31st):
    // one installment in every month, a month's due day is not its predecessor's plus a month, and one run bills all
    // four.
    await runBilling(t.api.db, gateway(), { asOf: '2026-02-27' });
    expect((await books(customer.id)).payments - before).toBe(0);
    await runBilling(t.api.db, gateway(), { asOf: '2026-02-28' });
    expect((await books(customer.id)).payments - before).toBe(1);
    await runBilling(t.api.db, gateway(), { asOf: '2026-05-31' });
    expect((await books(customer.id)).payments - before).toBe(4);
    await runBilling(t.api.db, gateway(), { asOf: '2026-06-29' });
    expect((await books(customer.id)).payments - before).toBe(4);
    await runBilling(t.api.db, gateway(), { asOf: '2026-06-30' });
    expect((await books(customer.id)).payments - before).toBe(5);
  });

  it('dates every month the same in the database and in the server, and moves usage recorded under the old overflow', async () => {
    for (const start of ['2026-01-29', '2026-01-30', '2026-01-31', '2027-08-31', '2028-02-29', '2026-03-15']) {
      const dated = await t.api.db.execute<{ n: number; day: string }>(sql`
        select n, contract_month_start(${start}::date, n)::text as day from generate_series(1, 25) as n order by n`);
      expect(dated.rows.map((row) => row.day)).toEqual(dated.rows.map((row) => addMonths(start, Number(row.n) - 1)));
    }
    // A usage month written under the first function's date (Jan 31 + 1 month = Mar 3) goes to Feb 28 when the
    // migration's update runs; a month already right stays.
    const customer = await insertCustomer(t.api.db);
    const { contract } = await contractOf(customer.id, 1);
    await t.api.db
      .update(contracts)
      .set({ startDate: '2026-01-31', endDate: '2027-01-31' })
      .where(eq(contracts.id, contract.id));
    await t.api.db.execute(sql`delete from contract_monthly_usage where contract_id = ${contract.id}`);
    await t.api.db.execute(sql`insert into contract_monthly_usage (contract_id, customer_id, starting_date, number_of_photos)
      values (${contract.id}, ${customer.id}, '2026-01-31', 5), (${contract.id}, ${customer.id}, '2026-03-03', 6),
        (${contract.id}, ${customer.id}, '2026-03-31', 7)`);
    const migration = readFileSync(
      new URL('../../server/db/migrations/0044_contract_month_clamps.sql', import.meta.url),
      'utf8',
    );
    const move = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE contract_monthly_usage'));
    expect(move).toBeDefined();
    await t.api.db.execute(sql.raw(move ?? ''));
    const months = await t.api.db.execute<{ day: string; photos: number }>(sql`
      select starting_date::text as day, number_of_photos as photos from contract_monthly_usage
      where contract_id = ${contract.id} order by starting_date`);
    expect(months.rows.map((row) => [row.day, Number(row.photos)])).toEqual([
      ['2026-01-31', 5],
      ['2026-02-28', 6],
      ['2026-03-31', 7],
    ]);
  });

  it('sends a declined installment into the failed-charge flow, retries it with backoff, and the retry command settles it', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_insufficient_funds' });
    const { contract, summary } = await contractOf(customer.id, 2);
    const due = addMonths(contract.startDate, 2);
    const owed = summary.installments[2] ?? 0;
    await runBilling(t.api.db, gateway(), { asOf: due });
    let record = await readCustomer(t.api.db, customer.id);
    expect(record).toMatchObject({ chargeFailed: true, failedChargeAmount: owed, numberOfChargeRetries: 0 });
    expect(record?.failedChargeReason).toBe('insufficient funds');
    expect(await books(customer.id)).toMatchObject({ charged: 0, failed: 1, payments: 2, failure_mails: 1 });
    // The next day is too early; the first retry comes one day after the decline.
    await runBilling(t.api.db, gateway(), { asOf: due });
    expect((await books(customer.id)).failed).toBe(1);
    await runBilling(t.api.db, gateway(), { asOf: addDays(due, 1) });
    record = await readCustomer(t.api.db, customer.id);
    expect(record).toMatchObject({ chargeFailed: true, failedChargeAmount: owed, numberOfChargeRetries: 1 });
    expect((await books(customer.id)).failed).toBe(2);
    // Staff fix the card and retry: the failed amount is charged once and the installment is paid under the contract.
    await t.api.db.update(customers).set({ paymentMethodToken: 'pm_card_ok' }).where(eq(customers.id, customer.id));
    const retried = await master.post(t.api.charges.retryCharge, { user_id: customer.id }, undefined, {
      idempotencyKey: randomUUID(),
    });
    expect(retried.status).toBe(200);
    record = await readCustomer(t.api.db, customer.id);
    expect(record).toMatchObject({ chargeFailed: false, failedChargeAmount: null, numberOfChargeRetries: 0 });
    const after = await books(customer.id);
    expect(after.payments).toBe(3);
    expect(after.paid).toBe(summary.installments.slice(0, 3).reduce((a, b) => a + b, 0));
    // No automatic retry charges it again (the next retry day has come and gone).
    await runBilling(t.api.db, gateway(), { asOf: addDays(due, 5) });
    expect((await books(customer.id)).payments).toBe(3);
  });

  it('never lets a staff retry and an automatic retry charge the same declined installment', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_insufficient_funds' });
    const { contract } = await contractOf(customer.id, 3);
    const due = addMonths(contract.startDate, 3);
    await runBilling(t.api.db, gateway(), { asOf: due });
    expect(await books(customer.id)).toMatchObject({ failed: 1, payments: 3 });
    await t.api.db.update(customers).set({ paymentMethodToken: 'pm_card_ok' }).where(eq(customers.id, customer.id));
    // A staff retry is out at the provider (its pending attempt): the automatic retry on its day passes the customer by.
    await t.api.db.execute(sql`insert into payment_attempts
      (provider_key, call_id, customer_id, amount, currency, purpose, description)
      values ('probe:staff-retry', 'probe', ${customer.id}, 100, 'USD', 'FAILED_CHARGE_RETRY', 'probe')`);
    await runBilling(t.api.db, gateway(), { asOf: addDays(due, 1) });
    expect(await books(customer.id)).toMatchObject({ charged: 0, payments: 3 });
    await t.api.db.execute(
      sql`update payment_attempts set state = 'abandoned' where provider_key = 'probe:staff-retry'`,
    );
    // An automatic retry is out at the provider (claimed again, its answer not yet recorded): a staff retry waits (409).
    await t.api.db.execute(sql`update contract_billing_periods set state = 'pending', attempts = 2,
      provider_key = regexp_replace(provider_key, ':1$', ':2'), lease_until = now() + interval '5 minutes'
      where contract_id = ${contract.id} and state = 'declined'`);
    const refused = await master.post(t.api.charges.retryCharge, { user_id: customer.id }, undefined, {
      idempotencyKey: randomUUID(),
    });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'contract_payment_in_progress' });
    expect(await books(customer.id)).toMatchObject({ charged: 0, payments: 3 });
    // The run that claimed it dies; the next takes it over with the same key and charges it once.
    await t.api.db.execute(sql`update contract_billing_periods set lease_until = now() - interval '1 second'
      where contract_id = ${contract.id} and state = 'pending'`);
    await runBilling(t.api.db, gateway(), { asOf: addDays(due, 1) });
    expect(await books(customer.id)).toMatchObject({ charged: 1, payments: 4 });
    expect(await readCustomer(t.api.db, customer.id)).toMatchObject({ chargeFailed: false, failedChargeAmount: null });
  });

  it('an automatic retry that goes through clears the failed charge', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_expired' });
    const { contract } = await contractOf(customer.id, 4);
    const due = addMonths(contract.startDate, 4);
    await runBilling(t.api.db, gateway(), { asOf: due });
    await t.api.db.update(customers).set({ paymentMethodToken: 'pm_card_ok' }).where(eq(customers.id, customer.id));
    await runBilling(t.api.db, gateway(), { asOf: addDays(due, 1) });
    expect(await readCustomer(t.api.db, customer.id)).toMatchObject({ chargeFailed: false, failedChargeAmount: null });
    expect(await books(customer.id)).toMatchObject({ charged: 1, failed: 1, payments: 5 });
  });

  it('leaves a period pending when the provider cannot be reached, and the next run charges it once', async () => {
    const customer = await insertCustomer(t.api.db, { paymentMethodToken: 'pm_card_network_error_once' });
    const { contract } = await contractOf(customer.id, 6);
    const due = addMonths(contract.startDate, 6);
    const sandbox = gateway();
    const first = await runBilling(t.api.db, sandbox, { asOf: due });
    expect(first.unavailable).toBeGreaterThanOrEqual(1);
    expect(await books(customer.id)).toMatchObject({ charged: 0, failed: 0, payments: 6 });
    // While its lease holds, another run leaves it alone; once it lapses (the run died), the next run takes it over.
    await runBilling(t.api.db, sandbox, { asOf: due });
    expect((await books(customer.id)).charged).toBe(0);
    await t.api.db.execute(
      sql`update contract_billing_periods set lease_until = now() - interval '1 second' where contract_id = ${contract.id}`,
    );
    await runBilling(t.api.db, sandbox, { asOf: due });
    expect(await books(customer.id)).toMatchObject({ charged: 1, payments: 7 });
    expect(await sandbox.chargesMade(customer.providerCustomerRef ?? '')).toBe(1);
  });

  it('charges usage over the plan at the end of the month: the edits past the contract and the AI tools', async () => {
    const customer = await insertCustomer(t.api.db);
    // 1,000 edits a year, 1,100 used over five months (220 a month): month 5 crosses the line by 100 edits.
    const { contract } = await contractOf(customer.id, 5, {
      edits: 1000,
      pricePerEdit: 0.45,
      photosUsed: 1100,
      tools: true,
    });
    await runBilling(t.api.db, gateway(), { asOf: addMonths(contract.startDate, 5) });
    // 100 edits × $0.45 + 3 crops × $0.02 = $45.06; earlier months had only their crops to pay ($0.06 each), billed before.
    const usage = await t.api.db.execute<{ month: number; amount: string }>(sql`
      select month, amount from contract_billing_periods where contract_id = ${contract.id} and kind = 'USAGE' order by month`);
    expect(usage.rows.map((row) => [Number(row.month), Number(row.amount)])).toEqual([[5, 4506]]);
    expect((await books(customer.id)).usage).toBe(4506);
    const month = await t.api.db.execute<{ extra: string }>(sql`
      select extra_charge as extra from contract_monthly_usage where contract_id = ${contract.id} order by starting_date desc limit 1`);
    expect(Number(month.rows[0]?.extra)).toBe(4506);
  });

  it('renews an AUTO_RENEWAL contract at the next plan and bills its first installment', async () => {
    const customer = await insertCustomer(t.api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    const { contract } = await contractOf(customer.id, 12);
    await t.api.db
      .update(contracts)
      .set({ nextNumberOfEdits: 2000, nextPricePerEdit: 4000 })
      .where(eq(contracts.id, contract.id));
    await runBilling(t.api.db, gateway(), { asOf: contract.endDate });
    const rows = await t.api.db.select().from(contracts).where(eq(contracts.customerId, customer.id));
    const ended = rows.find((row) => row.id === contract.id);
    const renewed = rows.find((row) => row.id !== contract.id);
    expect(ended?.state).toBe('ENDED');
    const next = yearlySummary(
      contractFormOf({
        number_of_edits: 2000,
        price_per_edit: 0.4,
        crop: 0.02,
        straightening: 0.02,
        subject_mask: 0.05,
        smooth_skin: 0.05,
        currency: 'USD',
        country: 'US',
      }),
    );
    expect(renewed).toMatchObject({
      state: 'ACTIVE',
      startDate: contract.endDate,
      numberOfEdits: 2000,
      yearlyTotal: next.yearly_total,
      renewalState: 'AUTO_RENEWAL',
    });
    const tab = await master.get(t.api.contracts.contract, { user_id: customer.id });
    expect(tab.json.contract?.id).toBe(renewed?.id);
    const payments = await t.api.db.execute<{ amount: string }>(
      sql`select amount from contract_payments where contract_id = ${renewed?.id ?? 0}`,
    );
    expect(payments.rows.map((row) => Number(row.amount))).toEqual([next.installments[0]]);
  });

  it('ends a NO_RENEWAL contract: past contracts list it and the customer goes back to METERED', async () => {
    const customer = await insertCustomer(t.api.db, { subscriptionType: 'CORPORATE_CONTRACT' });
    const { contract } = await contractOf(customer.id, 12);
    await t.api.db.update(contracts).set({ renewalState: 'NO_RENEWAL' }).where(eq(contracts.id, contract.id));
    await runBilling(t.api.db, gateway(), { asOf: addDays(contract.endDate, 3) });
    expect((await readCustomer(t.api.db, customer.id))?.subscriptionType).toBe('METERED');
    expect((await master.get(t.api.contracts.contract, { user_id: customer.id })).json).toEqual({ contract: null });
    const history = (await master.get(t.api.contracts.history, { user_id: customer.id })).json;
    expect(history.past_contracts).toEqual([expect.objectContaining({ id: contract.id, state: 'ENDED' })]);
  });

  it("is queued once a day whoever asks, and the job queue's worker runs it", async () => {
    const customer = await insertCustomer(t.api.db);
    // A contract whose month 2 began yesterday: today's run charges it.
    const start = addMonths(addDays(new Date().toISOString().slice(0, 10), -1), -1);
    const { contract } = await contractOf(customer.id, 1);
    await t.api.db
      .update(contracts)
      .set({ startDate: start, endDate: addMonths(start, 12) })
      .where(eq(contracts.id, contract.id));
    const first = await scheduleBilling(t.api.db);
    const second = await scheduleBilling(t.api.db);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const worker = new JobWorker(t.api.db, {
      services: {
        config: appConfig({ jwtSecret: testSecret }),
        handlers: [],
        files: fileStoreFrom(),
        gateway: gateway(),
      },
    });
    expect(await worker.runNext()).toBe(true);
    const [job] = await t.api.db.select().from(jobs).where(eq(jobs.kind, billingJobKind));
    expect(job?.state).toBe('done');
    expect((await books(customer.id)).charged).toBe(1);
  });
});

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
