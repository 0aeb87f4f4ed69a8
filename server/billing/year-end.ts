import { and, eq, sql } from 'drizzle-orm';
import { yearlySummary } from '../../domain/contract-math';
import { formatMoney, money } from '../../domain/money';
import { addMonths, contractFacts, formParamsOf, storedPrice } from '../contracts/records';
import type { Database } from '../db/client';
import { activityEvents, contracts, customers } from '../db/schema';

/** What the year-end step did. */
export interface YearEnds {
  renewed: number;
  ended: number;
}

/**
 * Contracts whose year is over by `asOf` and fully billed (all twelve installments and the last month's usage have a
 * period that is no longer being charged): the ones to renew or end.
 */
async function finishedYears(db: Database, asOf: string): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select c.id from contracts c
    where c.state = 'ACTIVE' and c.end_date <= ${asOf}::date
      and exists (select 1 from contract_billing_periods b where b.contract_id = c.id and b.kind = 'USAGE' and b.month = 12)
      and not exists (select 1 from contract_billing_periods b where b.contract_id = c.id and b.state = 'pending')
    order by c.id`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * Closes one contract year in one transaction: the contract ends (ENDED, with the edits used, into past contracts);
 * with AUTO_RENEWAL a new year starts on its end date at the next plan (the edits and price per edit set with "next
 * period", else the same terms, priced by the same yearly arithmetic), and its installments are billed by the next
 * pass; with NO_RENEWAL the customer goes back to METERED. A contract changed meanwhile (cancelled) is left alone.
 */
async function closeYear(db: Database, contractId: number): Promise<'renewed' | 'ended' | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, contractId), eq(contracts.state, 'ACTIVE')))
      .for('update');
    if (!row) return null;
    const facts = await contractFacts(tx, row.id);
    await tx
      .update(contracts)
      .set({
        state: 'ENDED',
        editsUsedAtEnd: Math.min(row.numberOfEdits, facts.photos),
        monthlyPayment: 0,
        version: row.version + 1,
      })
      .where(eq(contracts.id, row.id));
    const currency = formParamsOf(row).currency;
    if (row.renewalState !== 'AUTO_RENEWAL') {
      await tx.update(customers).set({ subscriptionType: 'METERED' }).where(eq(customers.id, row.customerId));
      await tx.insert(activityEvents).values({
        customerId: row.customerId,
        event: 'Yearly contract ended',
        category: 'BILLING',
        properties: [{ label: 'Ended on', value: row.endDate }],
      });
      return 'ended';
    }
    const params = {
      ...formParamsOf(row),
      number_of_edits: row.nextNumberOfEdits ?? row.numberOfEdits,
      price_per_edit: storedPrice(row.nextPricePerEdit ?? row.pricePerEdit, currency),
    };
    const summary = yearlySummary(params);
    await tx.insert(contracts).values({
      customerId: row.customerId,
      state: 'ACTIVE',
      startDate: row.endDate,
      endDate: addMonths(row.endDate, 12),
      numberOfEdits: params.number_of_edits,
      pricePerEdit: row.nextPricePerEdit ?? row.pricePerEdit,
      cropPrice: row.cropPrice,
      straighteningPrice: row.straighteningPrice,
      subjectMaskPrice: row.subjectMaskPrice,
      smoothSkinPrice: row.smoothSkinPrice,
      currency: row.currency,
      country: row.country,
      discountBasisPoints: Math.round(summary.discount_percent * 100),
      monthlyPayment: summary.monthly_payment,
      yearlyTotal: summary.yearly_total,
      renewalState: 'AUTO_RENEWAL',
    });
    await tx.insert(activityEvents).values({
      customerId: row.customerId,
      event: 'Yearly contract renewed',
      category: 'BILLING',
      properties: [
        { label: 'Edits', value: params.number_of_edits.toLocaleString('en-US') },
        { label: 'Yearly total', value: formatMoney(money(summary.yearly_total, currency)) },
        { label: 'Starts', value: row.endDate },
      ],
    });
    return 'renewed';
  });
}

/** Renews or ends every contract whose year is over by `asOf` and fully billed. */
export async function closeFinishedYears(db: Database, asOf: string): Promise<YearEnds> {
  const done: YearEnds = { renewed: 0, ended: 0 };
  for (const id of await finishedYears(db, asOf)) {
    const outcome = await closeYear(db, id);
    if (outcome) done[outcome] += 1;
  }
  return done;
}
