import { and, eq, ne, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type CurrencyChangeSettlement, exchangeRateText, settleCurrencyChange } from '../../domain/currency-change';
import type { ErrorCode } from '../../domain/errors';
import { type Currency, currencies, formatMoney, money } from '../../domain/money';
import { activeContract } from '../contracts/records';
import type { Database } from '../db/client';
import { customerCredits, paymentAttempts } from '../db/schema';
import { fail } from '../http/errors';
import type { CustomerRecord } from '../users/rows';
import { type CurrentRate, currentRate } from './exchange-rates';

/** Why a currency change cannot be made now, as an error of the catalogue with its message. */
export interface CurrencyChangeBlock {
  code: ErrorCode;
  detail: string;
}

/** A priced currency change: what the summary shows and what the change charges and records. */
export interface CurrencyChangePlan {
  customerId: number;
  from: Currency;
  to: Currency;
  rate: CurrentRate;
  /** "1 USD = 0.9213 EUR". */
  rateText: string;
  settlement: CurrencyChangeSettlement;
  block: CurrencyChangeBlock | null;
}

/** The customer's billing currency (the column holds one of the three; anything else is a data error). */
export function currencyOf(record: Pick<CustomerRecord, 'currency'>): Currency {
  if ((currencies as readonly string[]).includes(record.currency)) return record.currency as Currency;
  throw new Error(`customer currency ${record.currency} is not one of ${currencies.join(', ')}`);
}

/** The customer's credit balance in one currency: the sum of their credit ledger rows in it. */
export async function creditBalance(db: Database, customerId: number, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${customerCredits.amount}), 0)` })
    .from(customerCredits)
    .where(and(eq(customerCredits.customerId, customerId), eq(customerCredits.currency, currency)));
  return Number(row?.total ?? 0);
}

/** A currency change of this customer whose charge is still pending (another form, another key). */
async function pendingChange(db: Database, customerId: number, ownProviderKey: string | null): Promise<boolean> {
  const conditions = [
    eq(paymentAttempts.customerId, customerId),
    eq(paymentAttempts.callId, api.currency.change.id),
    eq(paymentAttempts.state, 'pending'),
  ];
  if (ownProviderKey) conditions.push(ne(paymentAttempts.providerKey, ownProviderKey));
  const [row] = await db
    .select({ key: paymentAttempts.providerKey })
    .from(paymentAttempts)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

interface BlockFacts {
  pending: boolean;
  /** The running yearly contract's currency, if the customer has one. */
  contractCurrency: string | null;
}

function blockOf(record: CustomerRecord, from: Currency, total: number, facts: BlockFacts): CurrencyChangeBlock | null {
  const { pending, contractCurrency } = facts;
  if (pending)
    return {
      code: 'currency_change_in_progress',
      detail: 'A currency change for this customer is already being charged; wait for it to finish',
    };
  if (contractCurrency) {
    return {
      code: 'currency_change_contract',
      detail: `This customer has a running yearly contract in ${contractCurrency}; cancel it first (reason: currency change), then change the currency`,
    };
  }
  if (record.chargeFailed && (record.failedChargeAmount ?? 0) > 0) {
    const owed = formatMoney(money(record.failedChargeAmount ?? 0, from));
    return {
      code: 'currency_change_failed_charge',
      detail: `This customer has a failed charge of ${owed} outstanding; retry it before changing their currency`,
    };
  }
  if (total > 0 && !record.paymentMethodToken) {
    return {
      code: 'no_payment_method',
      detail: `${formatMoney(money(total, from))} is due before the change and this customer has no card on file; send them a payment link first`,
    };
  }
  return null;
}

/**
 * Prices changing the customer's currency to `to` from what is stored now: the open period (unbilled usage and
 * backup) settled in the old currency with the credit balance first, the rest charged, the credit left converted
 * at the current rate. 400 `same_currency` when `to` is the customer's currency. `ownProviderKey`: the payment
 * attempt of this very request (a retry), which does not count as another change in progress.
 */
export async function planCurrencyChange(
  db: Database,
  record: CustomerRecord,
  to: Currency,
  ownProviderKey: string | null = null,
): Promise<CurrencyChangePlan> {
  const from = currencyOf(record);
  if (from === to) {
    throw fail('same_currency', {
      field: 'new_currency',
      detail: `new_currency: the customer already pays in ${to}; choose another currency`,
    });
  }
  const rate = await currentRate(db, from, to);
  const settlement = settleCurrencyChange({
    cost: record.unbilledUsage,
    backupCost: record.unbilledBackup,
    credits: await creditBalance(db, record.id, from),
    rateMicros: rate.rateMicros,
  });
  const pending = await pendingChange(db, record.id, ownProviderKey);
  const contract = await activeContract(db, record.id);
  return {
    customerId: record.id,
    from,
    to,
    rate,
    rateText: exchangeRateText(from, to, rate.rateMicros),
    settlement,
    block: blockOf(record, from, settlement.total, { pending, contractCurrency: contract?.currency ?? null }),
  };
}
