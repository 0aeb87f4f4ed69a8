import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileChoice, profileField, profileViews } from './profile-choice';

export default defineCommand({
  id: 'profile.delete',
  title: 'Delete profile',
  group: 'Customer',
  permission: 'edit_profile',
  target: 'user',
  keywords: ['profile', 'remove', 'style'],
  params: { schema: profileChoice, fields: { profile_id: profileField } },
  confirm: 'destructive',
  consequence: (target, params) =>
    `Profile #${params.profile_id} stops editing ${target.name}’s photos and no longer counts toward their profiles. It can be recovered.`,
  run: ({ params, signal }) =>
    call(api.profiles.deleteProfile, { params: { profile_id: params.profile_id } }, { signal }),
  revalidates: profileViews,
  successMessage: ({ params }) => `Profile #${params.profile_id} deleted`,
});
