import { and, desc, eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { ExchangeRate } from '../../domain/currency';
import { exchangeRateText, formatRate, rateToMicros } from '../../domain/currency-change';
import { staffWithRole } from '../../domain/labels';
import { type Currency, currencies } from '../../domain/money';
import type { Database } from '../db/client';
import { exchangeRates, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';

/** The rate currency changes use now: the newest row of the pair. */
export interface CurrentRate {
  id: number;
  rateMicros: number;
}

/** The current rate from → to, or 409 `exchange_rate_missing`. */
export async function currentRate(db: Database, from: Currency, to: Currency): Promise<CurrentRate> {
  const [row] = await db
    .select({ id: exchangeRates.id, rateMicros: exchangeRates.rateMicros })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to)))
    .orderBy(desc(exchangeRates.id))
    .limit(1);
  if (!row)
    throw fail('exchange_rate_missing', { detail: `No exchange rate is set from ${from} to ${to}; ask an admin` });
  return row;
}

const rateColumns = {
  id: exchangeRates.id,
  from: exchangeRates.fromCurrency,
  to: exchangeRates.toCurrency,
  rateMicros: exchangeRates.rateMicros,
  setAt: exchangeRates.setAt,
  firstName: staff.firstName,
  lastName: staff.lastName,
  role: staff.role,
};

type RateRow = {
  id: number;
  from: string;
  to: string;
  rateMicros: number;
  setAt: string;
  firstName: string | null;
  lastName: string | null;
  role: string | null;
};

function toAnswer(row: RateRow): ExchangeRate {
  const from = row.from as Currency;
  const to = row.to as Currency;
  const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return {
    id: row.id,
    from,
    to,
    rate: formatRate(row.rateMicros),
    text: exchangeRateText(from, to, row.rateMicros),
    set_by: row.role ? staffWithRole(name, row.role) : null,
    set_at: isoTimestamp(row.setAt),
  };
}

const order = (code: string) => currencies.indexOf(code as Currency);

/** Every pair's current rate (in currency order) and the latest 50 changes. */
export const getExchangeRates = handle(api.currency.exchangeRates, async ({ db }) => {
  const current = await db
    .selectDistinctOn([exchangeRates.fromCurrency, exchangeRates.toCurrency], rateColumns)
    .from(exchangeRates)
    .leftJoin(staff, eq(staff.id, exchangeRates.setBy))
    .orderBy(exchangeRates.fromCurrency, exchangeRates.toCurrency, desc(exchangeRates.id));
  const history = await db
    .select(rateColumns)
    .from(exchangeRates)
    .leftJoin(staff, eq(staff.id, exchangeRates.setBy))
    .orderBy(desc(exchangeRates.id))
    .limit(50);
  current.sort((a, b) => order(a.from) - order(b.from) || order(a.to) - order(b.to));
  return { rates: current.map(toAnswer), history: history.map(toAnswer) };
});

/**
 * Sets a rate: a new row (the old one stays as history), audited by the pipeline. Rates are per direction; setting
 * USD → EUR does not touch EUR → USD (a bank quotes both, with its spread).
 */
export const setExchangeRate = handle(api.currency.setExchangeRate, async ({ db, params, body, staff: caller }) => {
  if (params.from === params.to) throw fail('exchange_rate_same_currency', { field: 'to' });
  const rateMicros = rateToMicros(body.rate);
  if (rateMicros === null) throw fail('validation_failed', { field: 'rate', detail: 'rate: at most six decimals' });
  const [row] = await db
    .insert(exchangeRates)
    .values({ fromCurrency: params.from, toCurrency: params.to, rateMicros, setBy: caller.id })
    .returning();
  if (!row) throw new Error('exchange rate not inserted');
  return toAnswer({
    id: row.id,
    from: row.fromCurrency,
    to: row.toCurrency,
    rateMicros: row.rateMicros,
    setAt: row.setAt,
    firstName: caller.firstName,
    lastName: caller.lastName,
    role: caller.role,
  });
});
