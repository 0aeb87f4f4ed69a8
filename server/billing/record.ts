import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { insertUnnest } from '../db/unnest';
import type { ChargeResult } from '../payments/gateway';
import type { ClaimedPeriod } from './claim';
import { describe, type LedgerRow, type RecordedUpdate, writeDocuments } from './documents';

/** What the card did for a claimed period: the provider's answer, or no card on file (nothing was sent). */
export type PeriodOutcome = { period: ClaimedPeriod; result: ChargeResult | { status: 'no_card' } };

/** Days after a decline before the next automatic attempt; after the last, only the staff's retry command charges it. */
export const retryAfterDays = [1, 3, 7] as const;

function ledgerOf(row: unknown): LedgerRow {
  const given = row as Record<string, string | number>;
  return {
    id: Number(given.id),
    customerId: Number(given.customer_id),
    amount: Number(given.amount),
    currency: String(given.currency),
    description: String(given.description),
    providerKey: String(given.provider_key),
    createdAt: String(given.created_at),
  };
}

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
      : rowsOf<unknown>(
          await db.execute(sql`${insertUnnest(
            'charges',
            {
              customer_id: 'int',
              kind: 'text',
              status: 'text',
              amount: 'bigint',
              currency: 'text',
              purpose: 'text',
              description: 'text',
              charging_vendor: 'text',
              provider_key: 'text',
              provider_charge_id: 'text',
              provider_ref: 'text',
              failure_code: 'text',
              failure_message: 'text',
            },
            carded.map(({ period, result }) => ({
              customer_id: period.customerId,
              kind: 'CHARGE',
              status: result.status === 'succeeded' ? 'SUCCEEDED' : 'FAILED',
              amount: period.amount,
              currency: period.currency,
              purpose: period.kind === 'INSTALLMENT' ? 'CONTRACT_PAYMENT' : 'CONTRACT_USAGE',
              description: describe(period),
              charging_vendor: period.vendor ?? gatewayName,
              provider_key: period.providerKey,
              ...(result.status === 'succeeded'
                ? { provider_charge_id: result.chargeId, provider_ref: result.providerRef }
                : { failure_code: result.code, failure_message: result.message }),
            })),
          )} on conflict (provider_key) do nothing
          returning id, customer_id, amount, currency, description, provider_key, created_at::text as created_at`),
        ).map(ledgerOf);
  const chargeOf = new Map(ledger.map((row) => [row.providerKey, row]));
  // A key whose ledger row exists already was recorded by another run: leave its period to that record.
  const mine = outcomes.filter(
    (outcome) => outcome.result.status === 'no_card' || chargeOf.has(outcome.period.providerKey),
  );
  if (mine.length === 0) return recorded;

  const updates: RecordedUpdate[] = mine.map(({ period, result }) => {
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
    await db.execute(
      insertUnnest(
        'contract_payments',
        {
          contract_id: 'int',
          customer_id: 'int',
          kind: 'text',
          amount: 'bigint',
          currency: 'text',
          charge_id: 'bigint',
        },
        installments.map(({ period, charge }) => ({
          contract_id: period.contractId,
          customer_id: period.customerId,
          kind: 'INSTALLMENT',
          amount: period.amount,
          currency: period.currency,
          charge_id: charge?.id ?? null,
        })),
      ),
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

  await writeDocuments(db, updates);
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
 * went through takes its amount off, and clears the flag once nothing is owed. The last charge's amount is written only
 * where it changed: the customers row carries 21 indexes (three trigram), all rewritten by an update of an indexed
 * column, and a contract's installment is most months the same amount as the month before.
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
      where customers.id = given.id and customers.last_charge_amount is distinct from given.amount`);
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
