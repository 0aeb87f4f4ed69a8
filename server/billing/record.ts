import { inArray, sql } from 'drizzle-orm';
import { splitVat } from '../../domain/invoice-vat';
import { formatMoney, money } from '../../domain/money';
import { currencyOf, invoiceCustomer, invoiceNumber, invoiceSeller } from '../charges/invoices';
import type { Database } from '../db/client';
import { activityEvents, charges, contractPayments, customers, invoices, outbox } from '../db/schema';
import { subjectOf } from '../mail/render';
import type { ChargeResult } from '../payments/gateway';
import type { ClaimedPeriod } from './claim';

/** What the card did for a claimed period: the provider's answer, or no card on file (nothing was sent). */
export type PeriodOutcome = { period: ClaimedPeriod; result: ChargeResult | { status: 'no_card' } };

/** Days after a decline before the next automatic attempt; after the last, only the staff's retry command charges it. */
export const retryAfterDays = [1, 3, 7] as const;

/** What a recorded batch came to. */
export interface RecordedBatch {
  charged: number;
  declined: number;
  /** Minor units charged, by currency. */
  amounts: Record<string, number>;
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function describe(period: Pick<ClaimedPeriod, 'kind' | 'month'>): string {
  return period.kind === 'INSTALLMENT'
    ? `Yearly contract: installment ${period.month} of 12`
    : `Yearly contract: usage over the plan, month ${period.month}`;
}

/**
 * Writes a batch of card answers in `db`'s transaction, all or nothing: the ledger rows (one per provider key: a
 * key another run already recorded is skipped, so nothing is written twice), the periods' states, the installments
 * in the contract's payments, the usage month's extra charge, the customers' failed-charge state (the same flow as a
 * failed subscription charge: `charge_failed`, the amount owed and the reason, retried with backoff and by the retry
 * command), invoice version 1 of every charge, a receipt or a failure e-mail, and a timeline event.
 */
export async function recordOutcomes(
  db: Database,
  outcomes: readonly PeriodOutcome[],
  asOf: string,
  gatewayName: string,
): Promise<RecordedBatch> {
  const recorded: RecordedBatch = { charged: 0, declined: 0, amounts: {} };
  if (outcomes.length === 0) return recorded;
  const carded = outcomes.filter(
    (outcome): outcome is PeriodOutcome & { result: ChargeResult } => outcome.result.status !== 'no_card',
  );
  const ledger =
    carded.length === 0
      ? []
      : await db
          .insert(charges)
          .values(
            carded.map(({ period, result }) => ({
              customerId: period.customerId,
              kind: 'CHARGE' as const,
              status: result.status === 'succeeded' ? ('SUCCEEDED' as const) : ('FAILED' as const),
              amount: period.amount,
              currency: period.currency,
              purpose: period.kind === 'INSTALLMENT' ? ('CONTRACT_PAYMENT' as const) : ('CONTRACT_USAGE' as const),
              description: describe(period),
              chargingVendor: period.vendor ?? gatewayName,
              providerKey: period.providerKey,
              ...(result.status === 'succeeded'
                ? { providerChargeId: result.chargeId, providerRef: result.providerRef }
                : { failureCode: result.code, failureMessage: result.message }),
            })),
          )
          .onConflictDoNothing({ target: charges.providerKey })
          .returning();
  const chargeOf = new Map(ledger.map((row) => [row.providerKey, row]));
  // A key whose ledger row exists already was recorded by another run: leave its period to that record.
  const mine = outcomes.filter(
    (outcome) => outcome.result.status === 'no_card' || chargeOf.has(outcome.period.providerKey),
  );
  if (mine.length === 0) return recorded;

  const updates = mine.map(({ period, result }) => {
    const succeeded = result.status === 'succeeded';
    const message =
      result.status === 'declined' ? result.message : result.status === 'no_card' ? 'no card on file' : null;
    const wait = retryAfterDays[period.attempts - 1];
    return {
      period,
      succeeded,
      message,
      charge: chargeOf.get(period.providerKey) ?? null,
      nextRetryOn: succeeded || wait === undefined ? null : addDays(asOf, wait),
    };
  });
  await db.execute(sql`
    update contract_billing_periods b set state = given.state, charge_id = given.charge_id,
      failure_message = given.message, next_retry_on = given.next_retry_on::date, lease_until = null, updated_at = now()
    from unnest(${sql.param(updates.map((u) => u.period.id))}::bigint[],
      ${sql.param(updates.map((u) => (u.succeeded ? 'charged' : 'declined')))}::text[],
      ${sql.param(updates.map((u) => (u.succeeded ? (u.charge?.id ?? null) : null)))}::bigint[],
      ${sql.param(updates.map((u) => u.message))}::text[],
      ${sql.param(updates.map((u) => u.nextRetryOn))}::text[]) as given(id, state, charge_id, message, next_retry_on)
    where b.id = given.id`);

  const paid = updates.filter((u) => u.succeeded && u.charge);
  const installments = paid.filter((u) => u.period.kind === 'INSTALLMENT');
  if (installments.length > 0) {
    await db.insert(contractPayments).values(
      installments.map(({ period, charge }) => ({
        contractId: period.contractId,
        customerId: period.customerId,
        kind: 'INSTALLMENT' as const,
        amount: period.amount,
        currency: period.currency,
        chargeId: charge?.id ?? null,
      })),
    );
  }
  const usage = updates.filter((u) => u.period.kind === 'USAGE' && u.period.attempts === 1);
  if (usage.length > 0) {
    await db.execute(sql`
      update contract_monthly_usage m set extra_charge = given.amount
      from unnest(${sql.param(usage.map((u) => u.period.contractId))}::int[],
        ${sql.param(usage.map((u) => u.period.month))}::int[],
        ${sql.param(usage.map((u) => u.period.amount))}::bigint[]) as given(contract_id, month, amount),
        contracts c
      where c.id = given.contract_id and m.contract_id = given.contract_id
        and m.starting_date = contract_month_start(c.start_date, given.month)`);
  }
  await updateFailedCharges(db, updates);

  const customerIds = [...new Set(mine.map((outcome) => outcome.period.customerId))];
  const people = new Map(
    (await db.select().from(customers).where(inArray(customers.id, customerIds))).map((row) => [row.id, row]),
  );
  const seller = invoiceSeller();
  const issued = paid.flatMap(({ charge }) => {
    const customer = charge ? people.get(charge.customerId) : undefined;
    if (!charge || !customer) return [];
    const party = invoiceCustomer(customer);
    const split = splitVat(charge.amount, party, seller.country ?? 'IE');
    return [
      {
        chargeId: charge.id,
        customerId: charge.customerId,
        number: invoiceNumber(charge),
        version: 1,
        issuedAt: charge.createdAt,
        seller,
        customer: party,
        lines: [{ description: charge.description, quantity: 1, unitAmount: split.subtotal, amount: split.subtotal }],
        subtotal: split.subtotal,
        vatRateBp: split.rateBp,
        vat: split.vat,
        total: split.total,
        currency: charge.currency,
        vatNote: split.note,
        staffId: null,
      },
    ];
  });
  const numbers = new Map(issued.map((invoice) => [invoice.chargeId, invoice.number]));
  if (issued.length > 0) await db.insert(invoices).values(issued);

  const mails = updates.flatMap(({ period, succeeded, message, charge, nextRetryOn }) => {
    const customer = people.get(period.customerId);
    if (!customer) return [];
    const amount = formatMoney(money(period.amount, currencyOf(period.currency)));
    const payload = succeeded
      ? {
          first_name: customer.firstName,
          subject: `Your receipt: ${describe(period).toLowerCase()}`,
          note: `We charged ${amount} to your card for ${describe(period).toLowerCase()}.`,
          invoice_number: charge ? numbers.get(charge.id) : undefined,
          total: amount,
          charge_id: charge?.id,
        }
      : {
          first_name: customer.firstName,
          subject: 'Your yearly contract payment did not go through',
          note: `We could not charge ${amount} for ${describe(period).toLowerCase()}: ${message}. ${
            nextRetryOn ? `We will try again on ${nextRetryOn}.` : 'Please update your card.'
          }`,
          total: amount,
        };
    const template = succeeded ? 'CONTRACT_RECEIPT' : 'CONTRACT_PAYMENT_FAILED';
    return [
      { template, recipient: customer.email, customerId: customer.id, payload, subject: subjectOf(template, payload) },
    ];
  });
  if (mails.length > 0) await db.insert(outbox).values(mails);
  await db.insert(activityEvents).values(
    updates.map(({ period, succeeded, message }) => ({
      customerId: period.customerId,
      event: succeeded
        ? `Contract billing: ${describe(period).toLowerCase()} charged`
        : 'Contract billing: card declined',
      category: 'BILLING',
      properties: [
        { label: 'Amount', value: formatMoney(money(period.amount, currencyOf(period.currency))) },
        { label: 'Period', value: describe(period) },
        ...(message ? [{ label: 'Reason', value: message }] : []),
        ...(period.attempts > 1 ? [{ label: 'Attempt', value: String(period.attempts) }] : []),
      ],
    })),
  );
  for (const update of updates) {
    if (update.succeeded) {
      recorded.charged += 1;
      recorded.amounts[update.period.currency] = (recorded.amounts[update.period.currency] ?? 0) + update.period.amount;
    } else recorded.declined += 1;
  }
  return recorded;
}

/**
 * The customers' failed-charge state, as for any failed charge: a first decline adds the amount to what the customer
 * owes and flags them (`charge_failed`, the provider's reason); a declined retry counts one more retry; a retry that
 * went through takes its amount off, and clears the flag once nothing is owed.
 */
async function updateFailedCharges(
  db: Database,
  updates: readonly { period: ClaimedPeriod; succeeded: boolean; message: string | null }[],
): Promise<void> {
  const changes = updates.filter((u) => !u.succeeded || u.period.attempts > 1);
  const lastCharged = updates.filter((u) => u.succeeded);
  if (lastCharged.length > 0) {
    await db.execute(sql`
      update customers set last_charge_amount = given.amount
      from unnest(${sql.param(lastCharged.map((u) => u.period.customerId))}::int[],
        ${sql.param(lastCharged.map((u) => u.period.amount))}::bigint[]) as given(id, amount)
      where customers.id = given.id`);
  }
  if (changes.length === 0) return;
  await db.execute(sql`
    with given as (
      select id, sum(owed)::bigint as owed, sum(retries)::int as retries, max(reason) as reason
      from unnest(${sql.param(changes.map((u) => u.period.customerId))}::int[],
        ${sql.param(changes.map((u) => (u.succeeded ? -u.period.amount : u.period.attempts === 1 ? u.period.amount : 0)))}::bigint[],
        ${sql.param(changes.map((u) => (!u.succeeded && u.period.attempts > 1 ? 1 : 0)))}::int[],
        ${sql.param(changes.map((u) => u.message))}::text[]) as rows(id, owed, retries, reason)
      group by id)
    update customers set
      failed_charge_amount = nullif(greatest(0, coalesce(customers.failed_charge_amount, 0) + given.owed), 0),
      charge_failed = coalesce(customers.failed_charge_amount, 0) + given.owed > 0,
      failed_charge_reason = case when coalesce(customers.failed_charge_amount, 0) + given.owed > 0
        then coalesce(given.reason, customers.failed_charge_reason) end,
      number_of_charge_retries = case when coalesce(customers.failed_charge_amount, 0) + given.owed > 0
        then customers.number_of_charge_retries + given.retries else 0 end,
      max_proj_id_for_charge_retry = case when coalesce(customers.failed_charge_amount, 0) + given.owed > 0
        then customers.max_proj_id_for_charge_retry end
    from given where customers.id = given.id`);
}
