import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile } from './support/profiles';
import { describeRoleMatrix, type Sample } from './support/role-matrix';
import type { TestApi } from './support/test-api';

async function profileWithHistory(api: TestApi) {
  const customer = await insertCustomer(api.db);
  const profile = await insertProfile(api.db, customer.id);
  await insertModels(api.db, profile, ['DEPRECATED', 'READY'], 1);
  return { params: { profile_id: profile.id } };
}

const customerSample: Sample = async (api) => {
  const customer = await insertCustomer(api.db);
  await insertProfile(api.db, customer.id);
  return { params: { user_id: customer.id } };
};

/** Reading a customer's profiles needs user_details_read (every role): whoever opens a customer sees their work. */
describeRoleMatrix('profiles', Object.values(catalogue.profiles), {
  'profiles.list': customerSample,
  'profiles.dropdownOptions': customerSample,
  'profiles.finetuneHistory': profileWithHistory,
  'profiles.finetuneHistoryHyphenated': profileWithHistory,
});
