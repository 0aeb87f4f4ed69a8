import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

/** A USD customer with an open period of $12.50 and a card that charges. */
const customer = async (api: Parameters<Sample>[0]) =>
  (await insertCustomer(api.db, { paymentMethodToken: 'pm_card_ok', unbilledUsage: 1000, unbilledBackup: 250 })).id;

/**
 * Options, summary and change need change_currency (ADMIN, SUPPORT_MASTER, SUPPORT_PL2_CC); reading the rates
 * change_currency or exchange_rates; setting one exchange_rates (ours: ADMIN only).
 */
describeRoleMatrix('currency', Object.values(catalogue.currency), {
  'currency.options': async (api) => ({ params: { user_id: await customer(api) } }),
  'currency.summary': async (api) => ({ params: { user_id: await customer(api) }, query: { new_currency: 'EUR' } }),
  'currency.change': async (api) => ({ params: { user_id: await customer(api) }, body: { new_currency: 'GBP' } }),
  'currency.exchangeRates': async () => ({}),
  'currency.setExchangeRate': async () => ({ params: { from: 'EUR', to: 'USD' }, body: { rate: 1.0861 } }),
});
