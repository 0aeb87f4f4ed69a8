import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { navigateTo, userPath } from '../navigate';
import { profileChoice, profileField } from './profile-choice';

/** A profile shared with this customer: opens the profiles of the customer who owns it (the row's GO_TO_OWNER). */
export default defineCommand({
  id: 'profile.go-to-owner',
  title: 'Go to profile owner',
  group: 'Customer',
  permission: 'user_details_read',
  target: 'user',
  keywords: ['profile', 'owner', 'shared', 'open'],
  params: { schema: profileChoice, fields: { profile_id: profileField } },
  confirm: false,
  run: async ({ target, params, signal }) => {
    const answer = await call(api.profiles.list, { params: { user_id: target.id } }, { signal });
    const sharing = answer.profiles.find((profile) => profile.id === params.profile_id)?.sharing;
    if (sharing?.type !== 'SHARED_WITH_ME') {
      throw new Error(`Profile #${params.profile_id} is this customer’s own: it has no other owner`);
    }
    navigateTo(userPath(sharing.owner_id, 'profiles'));
    return sharing.owner_id;
  },
  revalidates: [],
  successMessage: ({ params }) => `Opened the owner of profile #${params.profile_id}`,
});
