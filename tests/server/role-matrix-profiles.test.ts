import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile, shareProfile } from './support/profiles';
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

/**
 * Reading a customer's profiles needs user_details_read (every role): whoever opens a customer sees their work;
 * changing a profile needs edit_profile.
 */
describeRoleMatrix('profiles', Object.values(catalogue.profiles), {
  'profiles.list': customerSample,
  'profiles.dropdownOptions': customerSample,
  'profiles.finetuneHistory': profileWithHistory,
  'profiles.finetuneHistoryHyphenated': profileWithHistory,
  'profiles.deleteProfile': profileWithHistory,
  'profiles.recoverProfile': async (api) => {
    const customer = await insertCustomer(api.db, { profilesUsed: 0 });
    const profile = await insertProfile(api.db, customer.id, { state: 'DELETED', deletedAt: '2026-05-01T00:00:00Z' });
    return { params: { profile_id: profile.id } };
  },
  'profiles.sendForManualTraining': async (api) => {
    const customer = await insertCustomer(api.db);
    const profile = await insertProfile(api.db, customer.id, { state: 'DRAFT' });
    return { params: { profile_id: profile.id } };
  },
  'profiles.sharingUsers': profileWithHistory,
  'profiles.share': async (api) => ({
    ...(await profileWithHistory(api)),
    body: { email: 'assistant@studio.example', silent: true },
  }),
  'profiles.unshare': async (api) => {
    const sample = await profileWithHistory(api);
    await shareProfile(api.db, sample.params.profile_id, 'assistant@studio.example');
    return { ...sample, body: { email: 'assistant@studio.example' } };
  },
  'profiles.revertToModel': async (api) => {
    const customer = await insertCustomer(api.db);
    const profile = await insertProfile(api.db, customer.id);
    const [first] = await insertModels(api.db, profile, ['DEPRECATED', 'READY'], 1);
    return { params: { profile_id: profile.id, model_id: first?.id } };
  },
  'profiles.sendForTeaching': profileWithHistory,
  'profiles.addTalentProfile': async (api) => {
    const customer = await insertCustomer(api.db, { profilesUsed: 0, profilesMax: 5 });
    return { params: { user_id: customer.id }, body: { profile_name: 'Golden hour (talent)' } };
  },
  'profiles.addProfileId': async (api) => {
    const source = await profileWithHistory(api);
    const customer = await insertCustomer(api.db, { profilesUsed: 0, profilesMax: 5 });
    return { params: { user_id: customer.id }, body: { profile_id: source.params.profile_id } };
  },
  'profiles.editProfile': async (api) => {
    const customer = await insertCustomer(api.db);
    const profile = await insertProfile(api.db, customer.id);
    return {
      params: { profile_id: profile.id },
      body: { color: 'BnW', last_updated_row: profile.lastUpdatedRow },
    };
  },
});
