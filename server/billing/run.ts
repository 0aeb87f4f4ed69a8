import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { BillingPeriodKind } from '../db/schema';
import { GatewayRequestError, GatewayUnavailableError, type PaymentGateway } from '../payments/gateway';
import { type ClaimedPeriod, claimDue, claimRetries, dueContracts } from './claim';
import { describe } from './documents';
import { type PeriodOutcome, recordOutcomes } from './record';
import { closeFinishedYears } from './year-end';

export interface BillingOptions {
  /** Bill everything due up to this day (`YYYY-MM-DD`); default: the database's current date. */
  asOf?: string;
  /**
   * Contracts claimed, charged and recorded together (one recording transaction). Default 100: a batch's JavaScript
   * (building its rows, invoices and e-mails) runs between the requests this process serves, and 1,000 at a time held
   * staff's searches behind it (search p95 24.6 ms during a 100,000-contract run at 1M customers, 15.2 ms at 100; the
   * run took 25 s, 35 s at 100: docs/contract-billing.md, Throughput).
   */
  batchSize?: number;
  /** Provider calls in flight at once, per batch. Default 64 (a provider answers in ~200 ms; the sandbox writes the calls of one turn together). */
  concurrency?: number;
  /**
   * Batches in flight at once (default 2): while one batch's charges are out at the provider, the next is claimed and
   * charged, and the one before recorded. Each batch claims its own periods (the unique claim rows), so this changes
   * nothing about once-only; on PGlite (one connection) the statements simply wait their turn.
   */
  pipeline?: number;
  /** How long a claim holds before another run takes the period over (same provider key). Default 300 s. */
  leaseSeconds?: number;
  /** Called between batches (the job renews its lease here; a throw stops the run, leaving nothing half-written). */
  onBatch?: () => Promise<void>;
}

/** What a run did. */
export interface BillingReport {
  asOf: string;
  charged: number;
  declined: number;
  /** Left pending: the provider could not be reached; the next run asks again with the same key. */
  unavailable: number;
  renewed: number;
  ended: number;
  /** Minor units charged, by currency. */
  amounts: Record<string, number>;
}

/** The database's current date: schedules run on its clock, never the Node process's. */
export async function databaseToday(db: Database): Promise<string> {
  const result = await db.execute<{ today: string }>(sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  const today = result.rows[0]?.today;
  if (!today) throw new Error('the database gave no date');
  return today;
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the answers in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return answers;
}

/** At most `limit` tasks at once; the first failure is thrown once every task has ended (nothing left running). */
class InFlight {
  readonly #tasks = new Set<Promise<void>>();
  #failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  add(task: Promise<void>): void {
    const tracked: Promise<void> = task.then(
      () => {
        this.#tasks.delete(tracked);
      },
      (error: unknown) => {
        this.#tasks.delete(tracked);
        this.#failure ??= { error };
      },
    );
    this.#tasks.add(tracked);
  }

  /** Waits until another task may start; throws (after the rest ended) when one failed. */
  async room(): Promise<void> {
    while (this.#tasks.size >= Math.max(1, this.limit) && !this.#failure) await Promise.race(this.#tasks);
    if (this.#failure) await this.drain();
  }

  /** Waits for every task; throws the first failure. */
  async drain(): Promise<void> {
    while (this.#tasks.size > 0) await Promise.race(this.#tasks);
    const failure = this.#failure;
    this.#failure = null;
    if (failure) throw failure.error;
  }
}

/** The provider's answer for a period, or null when it could not be reached (the period stays pending). */
async function chargePeriod(gateway: PaymentGateway, period: ClaimedPeriod): Promise<PeriodOutcome | null> {
  if (!period.paymentMethod) return { period, result: { status: 'no_card' } };
  try {
    const result = await gateway.charge({
      idempotencyKey: period.providerKey,
      customerRef: period.customerRef,
      paymentMethod: period.paymentMethod,
      amount: period.amount,
      currency: period.currency,
      description: describe(period),
    });
    return { period, result };
  } catch (error) {
    if (error instanceof GatewayUnavailableError || error instanceof GatewayRequestError) return null;
    throw error;
  }
}

/**
 * Bills every yearly contract up to `asOf` (docs/contract-billing.md): each month's
 * installment on its day and its usage over the plan once it is over, declined periods again on their retry day,
 * periods whose run died (same provider key), then renews or ends the years that are over, and goes round again
 * until nothing is due (a renewed year, or a run far ahead, bills month after month). Claims are rows under a unique
 * (contract, month, kind), so two runs at once, or one run twice, charge each period once; the provider is called
 * outside any transaction, and each batch's answers are recorded in one.
 */
export async function runBilling(
  db: Database,
  gateway: PaymentGateway,
  options: BillingOptions = {},
): Promise<BillingReport> {
  const asOf = options.asOf ?? (await databaseToday(db));
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 64;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const report: BillingReport = { asOf, charged: 0, declined: 0, unavailable: 0, renewed: 0, ended: 0, amounts: {} };

  const settle = async (claimed: readonly ClaimedPeriod[]) => {
    const answers = await mapLimited(claimed, concurrency, (period) => chargePeriod(gateway, period));
    const outcomes = answers.filter((answer): answer is PeriodOutcome => answer !== null);
    report.unavailable += answers.length - outcomes.length;
    const recorded = await db.transaction((tx) => recordOutcomes(tx, outcomes, asOf, gateway.name));
    report.charged += recorded.charged;
    report.declined += recorded.declined;
    for (const [currency, amount] of Object.entries(recorded.amounts)) {
      report.amounts[currency] = (report.amounts[currency] ?? 0) + amount;
    }
    await options.onBatch?.();
  };

  const batches = new InFlight(options.pipeline ?? 2);
  for (;;) {
    // Another pass is needed only when a claimed month's next month may be due by asOf too, or a year renewed: the
    // query of what is due reads every running contract, and a daily run bills each contract at most once.
    let moreDue = false;
    for (const kind of ['INSTALLMENT', 'USAGE'] as BillingPeriodKind[]) {
      const due = await dueContracts(db, kind, asOf);
      for (let start = 0; start < due.length; start += batchSize) {
        await batches.room();
        const slice = due.slice(start, start + batchSize);
        batches.add(
          claimDue(db, kind, slice, asOf, leaseSeconds).then((claimed) => {
            moreDue ||= claimed.moreDue;
            return claimed.periods.length > 0 ? settle(claimed.periods) : undefined;
          }),
        );
      }
      // A kind's batches all recorded before the next kind, the retries and the year's end look at the periods.
      await batches.drain();
    }
    for (;;) {
      const retries = await claimRetries(db, asOf, batchSize, leaseSeconds);
      if (retries.length === 0) break;
      await settle(retries);
      // Periods the provider could not answer stay pending under a lease: leave them to the next run.
      if (report.unavailable > 0) break;
    }
    const years = await closeFinishedYears(db, asOf);
    report.renewed += years.renewed;
    report.ended += years.ended;
    if (!moreDue && years.renewed === 0) return report;
  }
}
