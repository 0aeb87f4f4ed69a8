import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

/** 500 credits for $450.00 on a fresh customer with a card that charges. */
const onCustomer: Sample = async (api) => ({
  body: {
    user_id: (await insertCustomer(api.db, { paymentMethodToken: 'pm_card_ok' })).id,
    custom_credit_package_details: {
      credit_details: { amount_of_credits: 500 },
      price: { amount: 45_000, multiplier: 100, symbol: '$' },
    },
  },
});

/** Every call needs charge_and_unsuspend (ADMIN, the four PL roles, SUPPORT_MASTER); the others get 403. */
describeRoleMatrix('credit packages', Object.values(catalogue.creditPackages), {
  'creditPackages.summary': onCustomer,
  'creditPackages.purchaseCustom': onCustomer,
  'creditPackages.recentPurchases': async () => ({}),
});
