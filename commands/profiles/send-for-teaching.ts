import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileChoice, profileField, profileViews } from './profile-choice';

export default defineCommand({
  id: 'profile.send-for-teaching',
  title: 'Send profile for teaching',
  group: 'Customer',
  permission: 'edit_profile',
  target: 'user',
  keywords: ['profile', 'teach', 'teaching', 'learn', 'photos'],
  params: { schema: profileChoice, fields: { profile_id: profileField } },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.profiles.sendForTeaching, { params: { profile_id: params.profile_id } }, { signal }),
  revalidates: [...profileViews, api.projects.teaching, api.projects.pending],
  successMessage: ({ params }) => `Profile #${params.profile_id}: a teaching project waits in the queue`,
});
