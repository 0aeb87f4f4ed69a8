import { api } from '../../domain/api';
import { addProfileIdBody } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { otherProfileField } from '../linked-choices';
import { profileViews } from './profile-choice';

export default defineCommand({
  id: 'profile.add-profile-id',
  title: 'Add profile by id',
  group: 'Customer',
  permission: 'add_profile_id',
  target: 'user',
  keywords: ['profile', 'add', 'copy', 'id', 'give profile'],
  params: {
    schema: addProfileIdBody,
    fields: {
      profile_id: otherProfileField,
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.profiles.addProfileId, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: profileViews,
  successMessage: ({ target, params }) => `${target.name} has a copy of profile #${params.profile_id}`,
});
