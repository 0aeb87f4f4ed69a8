import type { RegisteredHandler } from '../http/register';
import { changeCurrency } from './change-currency';
import { getCurrencyChangeSummary, getCurrencyOptions } from './currency-change-preview';
import { getExchangeRates, setExchangeRate } from './exchange-rates';

/** The handlers of the `currency` area, one per call. */
export const currencyHandlers: readonly RegisteredHandler[] = [
  getCurrencyOptions,
  getCurrencyChangeSummary,
  changeCurrency,
  getExchangeRates,
  setExchangeRate,
];
