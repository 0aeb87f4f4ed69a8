import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileChoice, profileField, profileViews } from './profile-choice';

export default defineCommand({
  id: 'profile.recover',
  title: 'Recover profile',
  group: 'Customer',
  permission: 'edit_profile',
  target: 'user',
  keywords: ['profile', 'restore', 'undelete', 'style'],
  params: { schema: profileChoice, fields: { profile_id: profileField } },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.profiles.recoverProfile, { params: { profile_id: params.profile_id } }, { signal }),
  revalidates: profileViews,
  successMessage: ({ params }) => `Profile #${params.profile_id} recovered`,
});
