import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { ContractTiles } from '../../domain/contract-calls';
import { cancelSummary, contractMonthOf, divideRoundHalfUp, paidEditsOf } from '../../domain/contract-math';
import { type ContractFormParams, type ContractState, contractMonths } from '../../domain/contracts';
import { type Currency, currencies, currencySymbols, type Money, money } from '../../domain/money';
import type { Database } from '../db/client';
import { contractMonthlyUsage, contractPayments, contracts, customerCredits, staff } from '../db/schema';
import { isoTimestampOrNull } from '../db/timestamps';
import { fail } from '../http/errors';
import { otherPaymentPending } from '../payments/attempts';
import type { LedgerCharge, PaymentIdentity } from '../payments/handle-payment';
import type { CustomerRecord } from '../users/rows';

export type ContractRow = typeof contracts.$inferSelect;

/** Today's date in UTC, `YYYY-MM-DD`: the day contract months are counted by. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The same calendar day `months` later, or that month's last day where it has fewer days. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  // The same day n months on, or the month's last day where it is shorter (Jan 31 → Feb 28 → Mar 31), as PostgreSQL's
  // date + interval and contract_month_start do: a contract begun on the 31st is billed once in every month.
  const lastDay = new Date(Date.UTC(year, month + months, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The customer's currency (the one contracts and charges are in). */
export function currencyOf(customer: Pick<CustomerRecord, 'currency'>): Currency {
  return (currencies as readonly string[]).includes(customer.currency) ? (customer.currency as Currency) : 'USD';
}

/** A price stored in 1/10000 of a major unit as a PRICE value. */
export function storedPrice(amount: number, currency: Currency): Money {
  return { amount, multiplier: 10000, symbol: currencySymbols[currency] };
}

/** A PRICE value in 1/10000 units, for storing. */
export function tenThousandths(price: Money): number {
  return Math.round((price.amount * 10_000) / price.multiplier);
}

/**
 * The customer's running contract (ACTIVE and its year not over), optionally locked for this transaction. A contract
 * whose year is over counts as ended: the history lists it, and the next new contract marks it ENDED.
 */
export async function activeContract(db: Database, customerId: number, lock = false): Promise<ContractRow | undefined> {
  const query = db
    .select()
    .from(contracts)
    .where(and(eq(contracts.customerId, customerId), eq(contracts.state, 'ACTIVE'), gt(contracts.endDate, todayUtc())));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Marks an ACTIVE contract whose year is over as ENDED, with the edits used (before a new contract takes its place). */
export async function endExpiredContract(db: Database, customerId: number): Promise<void> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.customerId, customerId), eq(contracts.state, 'ACTIVE'), lte(contracts.endDate, todayUtc())))
    .for('update');
  if (!row) return;
  const facts = await contractFacts(db, row.id);
  await db
    .update(contracts)
    .set({
      state: 'ENDED',
      editsUsedAtEnd: Math.min(row.numberOfEdits, facts.photos),
      monthlyPayment: 0,
      version: row.version + 1,
    })
    .where(eq(contracts.id, row.id));
}

/** The running contract or 409 `no_contract`. */
export async function requireActiveContract(db: Database, customerId: number, lock = false): Promise<ContractRow> {
  const row = await activeContract(db, customerId, lock);
  if (!row) throw fail('no_contract');
  return row;
}

/** What was paid under a contract (sum of its payments ledger) and the photos edited under it (monthly usage). */
export async function contractFacts(db: Database, contractId: number): Promise<{ paid: number; photos: number }> {
  const [row] = await db
    .execute<{ paid: string | number; photos: string | number }>(sql`select
    (select coalesce(sum(amount), 0) from ${contractPayments} where contract_id = ${contractId}) as paid,
    (select coalesce(sum(number_of_photos), 0) from ${contractMonthlyUsage} where contract_id = ${contractId}) as photos`)
    .then((result) => result.rows);
  return { paid: Number(row?.paid ?? 0), photos: Number(row?.photos ?? 0) };
}

/** The contract as the arithmetic sees it; edits beyond the contract are overage, billed with the usage. */
export function contractStateOf(row: ContractRow, facts: { paid: number; photos: number }): ContractState {
  const currency = row.currency as Currency;
  return {
    start_date: row.startDate,
    number_of_edits: row.numberOfEdits,
    price_per_edit: storedPrice(row.pricePerEdit, currency),
    yearly_total: row.yearlyTotal,
    currency,
    edits_used: Math.min(row.numberOfEdits, facts.photos),
    paid_so_far: facts.paid,
  };
}

/** The running contract's terms as form params (current_yearly_contract_form_params). */
export function formParamsOf(row: ContractRow): ContractFormParams {
  const currency = row.currency as Currency;
  return {
    number_of_edits: row.numberOfEdits,
    price_per_edit: storedPrice(row.pricePerEdit, currency),
    ai_tools: {
      crop: storedPrice(row.cropPrice, currency),
      straightening: storedPrice(row.straighteningPrice, currency),
      subject_mask: storedPrice(row.subjectMaskPrice, currency),
      smooth_skin: storedPrice(row.smoothSkinPrice, currency),
    },
    currency,
    country: row.country,
  };
}

/** The contract columns of form params. */
export function termsOf(params: ContractFormParams) {
  return {
    numberOfEdits: params.number_of_edits,
    pricePerEdit: tenThousandths(params.price_per_edit),
    cropPrice: tenThousandths(params.ai_tools.crop),
    straighteningPrice: tenThousandths(params.ai_tools.straightening),
    subjectMaskPrice: tenThousandths(params.ai_tools.subject_mask),
    smoothSkinPrice: tenThousandths(params.ai_tools.smooth_skin),
    currency: params.currency,
    country: params.country,
  };
}

/**
 * Refuses to price a contract payment while another payment of the customer is between its gateway call and its
 * record (a pending attempt other than this request's own): the second would price a contract about to change.
 * Call it with the customer row locked, so two requests cannot both pass.
 */
export async function guardNoPendingContractPayment(
  db: Database,
  customerId: number,
  { providerKey }: PaymentIdentity,
): Promise<void> {
  if (await otherPaymentPending(db, customerId, providerKey)) throw fail('contract_payment_in_progress');
}

async function staffNames(db: Database, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  for (const id of wanted) {
    const [row] = await db.select().from(staff).where(eq(staff.id, id));
    if (row) names.set(id, `${row.firstName} ${row.lastName}`.trim());
  }
  return names;
}

/** The contract tiles (spec §3) of a running contract, as of `today`. */
export async function contractTiles(
  db: Database,
  row: ContractRow,
  customer: Pick<CustomerRecord, 'profilesUsed' | 'profilesMax'>,
  today = todayUtc(),
): Promise<ContractTiles> {
  const currency = row.currency as Currency;
  const facts = await contractFacts(db, row.id);
  const state = contractStateOf(row, facts);
  const { paidEdits, leftover } = paidEditsOf(state);
  const unpaidEdits = Math.max(0, state.edits_used - paidEdits);
  const unpaidValue =
    row.numberOfEdits === 0
      ? 0
      : divideRoundHalfUp(BigInt(unpaidEdits) * BigInt(row.yearlyTotal), BigInt(row.numberOfEdits));
  const cancel = cancelSummary(state, today);
  const settled = 'refused' in cancel ? { pay_now_amount: 0, credits_customer_will_get: 0 } : cancel;
  const names = await staffNames(db, [row.createdBy, row.changedBy]);
  return {
    id: row.id,
    state: row.state,
    start_contract: row.startDate,
    end_date: row.endDate,
    month_of_contract: Math.max(1, Math.min(contractMonths, contractMonthOf(row.startDate, today))),
    total_price: money(row.yearlyTotal, currency),
    monthly_payment: money(row.monthlyPayment, currency),
    discount_percent: row.discountBasisPoints / 100,
    total_photos: row.numberOfEdits,
    used_photos: state.edits_used,
    remaining_photos: row.numberOfEdits - state.edits_used,
    price_per_photo: storedPrice(row.pricePerEdit, currency),
    price_per_crop_straighten: storedPrice(row.cropPrice + row.straighteningPrice, currency),
    ai_tools: formParamsOf(row).ai_tools,
    profiles: `${customer.profilesUsed}/${customer.profilesMax}`,
    paid_under_contract: money(facts.paid, currency),
    price_to_pay_for_upgrade: money(unpaidValue, currency),
    credit_to_user_on_update: money(leftover, currency),
    price_to_pay_on_cancellation: money(settled.pay_now_amount, currency),
    credit_to_user_on_cancellation: money(settled.credits_customer_will_get, currency),
    renewal_state: row.renewalState,
    next_plan_name: row.nextPlanName,
    next_plan_cc_price: row.nextPlanPrice === null ? null : money(row.nextPlanPrice, currency),
    currency,
    country: row.country,
    created_by: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
    changed_by: row.changedBy === null ? null : (names.get(row.changedBy) ?? null),
    changed_at: isoTimestampOrNull(row.changedAt),
  };
}

/** A contract that no longer runs, as the history lists it (one still ACTIVE past its year shows as ENDED). */
export function pastContractOf(row: ContractRow, usedPhotos = row.editsUsedAtEnd ?? 0) {
  const currency = row.currency as Currency;
  return {
    id: row.id,
    state: row.state === 'ACTIVE' ? ('ENDED' as const) : row.state,
    start_date: row.startDate,
    end_date: row.endDate,
    cancellation_reason: row.cancellationReason,
    cancellation_description: row.cancellationDescription,
    total_photos: row.numberOfEdits,
    used_photos: usedPhotos,
    price_per_edit: storedPrice(row.pricePerEdit, currency),
    yearly_total: money(row.yearlyTotal, currency),
  };
}

/** What a contract change settles: the card charge it made (if any) and the amount given back as customer credit. */
export interface ContractSettlement {
  contractId: number;
  customerId: number;
  currency: string;
  staffId: number;
  charge: LedgerCharge | null;
  chargedAs: 'UPGRADE_PAYMENT' | 'CANCEL_SETTLEMENT';
  credit: {
    amount: number;
    as: 'UPGRADE_CREDIT' | 'CANCEL_CREDIT';
    /** The credit ledger's reason, description and source. */
    reason: string;
    description: string;
    source: string;
  };
}

/**
 * Writes an upgrade's or a cancellation's money: the charge as a contract payment linked to its ledger row, and a
 * credit back as a negative contract payment plus the customer credit it becomes.
 */
export async function recordContractSettlement(db: Database, settlement: ContractSettlement): Promise<void> {
  const { contractId, customerId, currency, staffId, charge, credit } = settlement;
  const payment = { contractId, customerId, currency, staffId };
  if (charge) {
    await db
      .insert(contractPayments)
      .values({ ...payment, kind: settlement.chargedAs, amount: charge.amount, chargeId: charge.id });
  }
  if (credit.amount <= 0) return;
  await db.insert(contractPayments).values({ ...payment, kind: credit.as, amount: -credit.amount });
  await db.insert(customerCredits).values({
    customerId,
    amount: credit.amount,
    currency,
    reason: credit.reason,
    description: credit.description,
    source: credit.source,
    staffId,
  });
}
