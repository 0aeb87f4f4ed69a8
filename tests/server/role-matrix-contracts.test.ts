import { api as catalogue } from '../../domain/api';
import { contractQueryOf } from '../../domain/contract-form';
import type { ContractFormParams } from '../../domain/contracts';
import { insertRunningContract } from './support/contracts';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix, type Sample } from './support/role-matrix';
import type { TestApi } from './support/test-api';

const usd = (units: number) => ({ amount: Math.round(units * 10_000), multiplier: 10000 as const, symbol: '$' });

function form(edits: number): ContractFormParams {
  return {
    number_of_edits: edits,
    price_per_edit: usd(0.4),
    ai_tools: { crop: usd(0.02), straightening: usd(0.02), subject_mask: usd(0.05), smooth_skin: usd(0.05) },
    currency: 'USD',
    country: 'US',
  };
}

const customer = async (api: TestApi) => (await insertCustomer(api.db, { paymentMethodToken: 'pm_card_ok' })).id;
const withContract = async (api: TestApi) => {
  const id = await customer(api);
  await insertRunningContract(api.db, id, { month: 4, photosUsed: 300 });
  return id;
};

/** A valid request for each contracts call, made fresh for every role (a new call here needs a sample, or this fails). */
const samples: Record<string, Sample> = {
  'contracts.contract': async (api) => ({ params: { user_id: await withContract(api) } }),
  'contracts.history': async (api) => ({ params: { user_id: await customer(api) } }),
  'contracts.monthlyUsage': async (api) => ({ params: { user_id: await withContract(api) } }),
  'contracts.defaultFormParams': async (api) => ({ params: { user_id: await customer(api) } }),
  'contracts.newSummary': async (api) => ({
    params: { user_id: await customer(api) },
    query: contractQueryOf(form(1000)),
  }),
  'contracts.create': async (api) => ({ params: { user_id: await customer(api) }, body: form(1000) }),
  'contracts.currentFormParams': async (api) => ({ params: { user_id: await withContract(api) } }),
  'contracts.upgradeSummary': async (api) => ({
    params: { user_id: await withContract(api) },
    query: contractQueryOf(form(2000)),
  }),
  'contracts.upgrade': async (api) => ({ params: { user_id: await withContract(api) }, body: form(2000) }),
  'contracts.nextPeriod': async (api) => ({
    params: { user_id: await withContract(api) },
    body: { number_of_edits: 1500, price_per_edit: 0.4, renewal_state: 'AUTO_RENEWAL' },
  }),
  'contracts.cancelOptions': async () => ({}),
  'contracts.cancelSummary': async (api) => ({ params: { user_id: await withContract(api) } }),
  'contracts.cancel': async (api) => ({
    params: { user_id: await withContract(api) },
    body: { reason: 'OTHER', description: 'role matrix' },
  }),
};

describeRoleMatrix('contracts', Object.values(catalogue.contracts), samples);
