import { api } from '../../domain/api';
import type { CurrencyOption } from '../../domain/currency';
import { type Currency, currencies, currencySymbols, money } from '../../domain/money';
import { handle } from '../http/handler';
import { findCustomer } from '../users/customer-records';
import { currencyOf, planCurrencyChange } from './currency-change-plan';

function optionOf(code: Currency): CurrencyOption {
  return { symbol: currencySymbols[code], code };
}

/** The customer's currency and every other one they may change to. */
export const getCurrencyOptions = handle(api.currency.options, async ({ db, params }) => {
  const from = currencyOf(await findCustomer(db, params.user_id));
  return {
    user_currency: optionOf(from),
    currency_options: currencies.filter((code) => code !== from).map(optionOf),
  };
});

/** The preview of a currency change, priced exactly as the change will be (same plan, same rounding). */
export const getCurrencyChangeSummary = handle(api.currency.summary, async ({ db, params, query }) => {
  const plan = await planCurrencyChange(db, await findCustomer(db, params.user_id), query.new_currency);
  const { from, to, settlement } = plan;
  const old = (minor: number) => money(minor, from);
  return {
    user_currency: optionOf(from),
    new_currency: optionOf(to),
    charge_info: {
      cost: { label: 'Usage this period, not yet charged', value: old(settlement.cost) },
      backup_cost: { label: 'Backup plan, prorated to today', value: old(settlement.backupCost) },
      credits: { label: 'Credit balance (used first)', value: old(settlement.credits) },
      total: { label: `Charged to the card now, in ${from}`, value: old(settlement.total) },
    },
    exchange_rate: plan.rateText,
    amount_left_after_charge: { label: `Credit left after the charge, in ${from}`, value: old(settlement.creditLeft) },
    credit_in_new_currency: { label: `Credit carried over, in ${to}`, value: money(settlement.convertedCredit, to) },
    blocked: plan.block?.detail ?? null,
  };
});
