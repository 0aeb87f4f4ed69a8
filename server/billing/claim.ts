import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { BillingPeriodKind } from '../db/schema';

/** A period a run claimed: what to charge, and the customer's card as the provider knows it. */
export interface ClaimedPeriod {
  id: number;
  contractId: number;
  customerId: number;
  month: number;
  kind: BillingPeriodKind;
  amount: number;
  currency: string;
  attempts: number;
  providerKey: string;
  customerRef: string;
  paymentMethod: string | null;
  vendor: string | null;
}

/**
 * The next month of each contract's schedule of one kind: after the highest period row, or, for a contract the job
 * has not billed yet, after the months its INSTALLMENT payments paid (its first installment at creation, imported
 * history); usage is billed for every month that is over (month n once month n + 1 has begun).
 */
function nextMonth(kind: BillingPeriodKind): SQL {
  // Installments paid outside the job: those of the contract's payments that no charged period of the job paid.
  const paidMonths = sql`((select count(*)::int from contract_payments p where p.contract_id = c.id and p.kind = 'INSTALLMENT')
    - (select count(*)::int from contract_billing_periods b
       where b.contract_id = c.id and b.kind = 'INSTALLMENT' and b.state = 'charged'))`;
  const fallback = kind === 'INSTALLMENT' ? paidMonths : sql`greatest(${paidMonths} - 1, 0)`;
  return sql`coalesce((select max(b.month) from contract_billing_periods b where b.contract_id = c.id and b.kind = ${kind}), ${fallback}) + 1`;
}

/*
 * The lateral subqueries below end in `offset 0`, which keeps PostgreSQL from pulling them up into the outer query:
 * pulled up, their expression (three correlated subqueries) was copied to every place `n.month` or `priced.amount` is
 * read, 39 subplans a contract instead of a handful, and a claim of 500 contracts took 180 ms instead of ~40.
 */

/** When month n of a kind is due: an installment on the month's first day, usage on the next month's. */
function dueOn(kind: BillingPeriodKind, month: SQL): SQL {
  return kind === 'INSTALLMENT'
    ? sql`contract_month_start(c.start_date, ${month})`
    : sql`contract_month_start(c.start_date, ${month} + 1)`;
}

/** Ids of running contracts with a period of `kind` due on or before `asOf` (one query, ids only). */
export async function dueContracts(db: Database, kind: BillingPeriodKind, asOf: string): Promise<number[]> {
  const rows = rowsOf(
    await db.execute<{ id: number }>(sql`
      select c.id from contracts c cross join lateral (select ${nextMonth(kind)} as month offset 0) n
      where c.state = 'ACTIVE' and n.month <= 12 and ${dueOn(kind, sql`n.month`)} <= ${asOf}::date
      order by c.id`),
  );
  return rows.map((row) => Number(row.id));
}

/** Joins what a claim returned with the customers' cards. */
function withCards(claimed: SQL, nextDue: SQL = sql`false`): SQL {
  return sql`with claimed as (${claimed})
    select claimed.id::bigint as id, claimed.contract_id, claimed.customer_id, claimed.month, claimed.kind,
      claimed.amount::bigint as amount, claimed.currency, claimed.attempts, claimed.provider_key,
      coalesce(cu.provider_customer_ref, 'cus_loupe_' || cu.id) as customer_ref, cu.payment_method_token,
      cu.charging_vendor, ${nextDue} as next_due
    from claimed join customers cu on cu.id = claimed.customer_id`;
}

type ClaimRow = {
  id: string | number;
  contract_id: number;
  customer_id: number;
  month: number;
  kind: BillingPeriodKind;
  amount: string | number;
  currency: string;
  attempts: number;
  provider_key: string;
  customer_ref: string;
  payment_method_token: string | null;
  charging_vendor: string | null;
  next_due: boolean;
};

function claimedOf(row: ClaimRow): ClaimedPeriod {
  return {
    id: Number(row.id),
    contractId: Number(row.contract_id),
    customerId: Number(row.customer_id),
    month: Number(row.month),
    kind: row.kind,
    amount: Number(row.amount),
    currency: row.currency,
    attempts: Number(row.attempts),
    providerKey: row.provider_key,
    customerRef: row.customer_ref,
    paymentMethod: row.payment_method_token,
    vendor: row.charging_vendor,
  };
}

/**
 * What a month's installment is: what is left of the yearly total (after everything paid under the contract and the
 * declined installments still owed) spread over the months left, rounded up, so that the twelve sum exactly to the
 * yearly total, the first are the largest (as `splitIntoInstallments`), and an upgrade's balance is spread over the
 * months after it.
 */
const installmentAmount = sql`((greatest(0, c.yearly_total
    - (select coalesce(sum(p.amount), 0) from contract_payments p where p.contract_id = c.id)
    - (select coalesce(sum(b.amount), 0) from contract_billing_periods b
       where b.contract_id = c.id and b.kind = 'INSTALLMENT' and b.state = 'declined'))::bigint + (12 - n.month)) / (13 - n.month))`;

/**
 * A month's usage over the plan, in minor units: the month's photos beyond the contract's edits (counted over the
 * year, so only what crosses the line is extra) at the list price per edit, and the AI tools used at their prices
 * (prices are 1/10000 of a unit: rounded half up to the minor unit).
 */
const usageAmount = sql`((
    (greatest(0, u.through - c.number_of_edits) - greatest(0, u.before - c.number_of_edits)) * c.price_per_edit
    + u.crops * c.crop_price + u.straightening * c.straightening_price
    + u.subject_masks * c.subject_mask_price + u.skin_smooth * c.smooth_skin_price + 50) / 100)`;

const usageOfMonth = sql`cross join lateral (select
    coalesce(sum(m.number_of_photos) filter (where m.starting_date < contract_month_start(c.start_date, n.month)), 0) as before,
    coalesce(sum(m.number_of_photos) filter (where m.starting_date < contract_month_start(c.start_date, n.month + 1)), 0) as through,
    coalesce(sum(m.crops) filter (where m.starting_date >= contract_month_start(c.start_date, n.month)
      and m.starting_date < contract_month_start(c.start_date, n.month + 1)), 0) as crops,
    coalesce(sum(m.straightening) filter (where m.starting_date >= contract_month_start(c.start_date, n.month)
      and m.starting_date < contract_month_start(c.start_date, n.month + 1)), 0) as straightening,
    coalesce(sum(m.subject_masks) filter (where m.starting_date >= contract_month_start(c.start_date, n.month)
      and m.starting_date < contract_month_start(c.start_date, n.month + 1)), 0) as subject_masks,
    coalesce(sum(m.skin_smooth) filter (where m.starting_date >= contract_month_start(c.start_date, n.month)
      and m.starting_date < contract_month_start(c.start_date, n.month + 1)), 0) as skin_smooth
  from contract_monthly_usage m where m.contract_id = c.id) u`;

/**
 * Claims the due period of `kind` of these contracts: one row each, inserted as pending (or nothing_due when it
 * costs nothing) with a lease. The unique (contract, month, kind) makes a second run, or a second server, claim
 * nothing for a period already claimed. Answers the pending ones, to charge.
 */
export async function claimDue(
  db: Database,
  kind: BillingPeriodKind,
  contractIds: readonly number[],
  asOf: string,
  leaseSeconds: number,
): Promise<{ periods: ClaimedPeriod[]; moreDue: boolean }> {
  const amount = kind === 'INSTALLMENT' ? installmentAmount : usageAmount;
  const rows = rowsOf(
    await db.execute<ClaimRow>(
      withCards(
        sql`
        insert into contract_billing_periods
          (contract_id, customer_id, month, kind, state, due_on, amount, currency, attempts, provider_key, lease_until)
        select c.id, c.customer_id, n.month, ${kind}, case when priced.amount > 0 then 'pending' else 'nothing_due' end,
          ${dueOn(kind, sql`n.month`)}, priced.amount, c.currency, 1,
          'loupe:billing:' || c.id || ':' || n.month || ':' || ${kind} || ':1',
          case when priced.amount > 0 then now() + make_interval(secs => ${leaseSeconds}) end
        from contracts c
        cross join lateral (select ${nextMonth(kind)} as month offset 0) n
        ${kind === 'USAGE' ? usageOfMonth : sql``}
        cross join lateral (select ${amount}::bigint as amount offset 0) priced
        where c.id = any(${sql.param(contractIds)}::int[]) and c.state = 'ACTIVE' and n.month <= 12
          and ${dueOn(kind, sql`n.month`)} <= ${asOf}::date
        on conflict (contract_id, month, kind) do nothing
        returning *`,
        // Whether the month after a claimed one is due by asOf too (a run that is months behind): the run goes round
        // again only then.
        sql`(select ${dueOn(kind, sql`claimed.month + 1`)} from contracts c where c.id = claimed.contract_id) <= ${asOf}::date`,
      ),
    ),
  );
  return {
    periods: rows.map(claimedOf).filter((period) => period.amount > 0),
    moreDue: rows.some((row) => row.next_due === true),
  };
}

/**
 * Claims periods to charge again: declined ones whose retry day has come (a new attempt, a new provider key), and
 * pending ones whose run died (lease lapsed: the same attempt and key, so a charge the provider already made is
 * answered from its books, not made twice). Locked rows (another run's) are skipped.
 *
 * A declined period is also what a staff retry of the customer's failed charge pays (`settleDeclinedPeriods`), so the
 * two never run for one customer at once: the customers of the declined periods are locked FOR SHARE first, and a
 * customer with a payment in flight (a staff retry's pending attempt) is passed over. A staff retry locks its customer
 * FOR UPDATE and writes its pending attempt in one transaction: either it committed before the lock here (its attempt
 * is seen below, and this run leaves the period declined) or it waits for this transaction and then finds the period
 * being retried (`automaticRetryUnderWay`: 409).
 */
export async function claimRetries(
  db: Database,
  asOf: string,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedPeriod[]> {
  return db.transaction(async (tx) => {
    const locked = rowsOf(
      await tx.execute<{ id: number }>(sql`
        select id from customers where id in (
          select customer_id from contract_billing_periods
          where state = 'declined' and next_retry_on <= ${asOf}::date order by id limit ${limit})
        order by id for share`),
    ).map((row) => Number(row.id));
    const rows = rowsOf(
      await tx.execute<ClaimRow>(
        withCards(sql`
          update contract_billing_periods set
            attempts = attempts + case when state = 'declined' then 1 else 0 end,
            provider_key = case when state = 'declined' then
              'loupe:billing:' || contract_id || ':' || month || ':' || kind || ':' || (attempts + 1) else provider_key end,
            state = 'pending', lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
          where id in (
            select b.id from contract_billing_periods b
            where (b.state = 'declined' and b.next_retry_on <= ${asOf}::date
                and b.customer_id = any(${sql.param(locked)}::int[])
                and not exists (select 1 from payment_attempts a where a.customer_id = b.customer_id and a.state = 'pending'))
               or (b.state = 'pending' and b.lease_until < now())
            order by b.id limit ${limit} for update skip locked)
          returning *`),
      ),
    );
    return rows.map(claimedOf);
  });
}
