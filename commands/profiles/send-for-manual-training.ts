import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileChoice, profileField, profileViews } from './profile-choice';

export default defineCommand({
  id: 'profile.send-for-manual-training',
  title: 'Send profile for manual training',
  group: 'Customer',
  permission: 'edit_profile',
  target: 'user',
  keywords: ['profile', 'train', 'finetune', 'model', 'retrain'],
  params: { schema: profileChoice, fields: { profile_id: profileField } },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.profiles.sendForManualTraining, { params: { profile_id: params.profile_id } }, { signal }),
  revalidates: profileViews,
  successMessage: ({ params }) => `Profile #${params.profile_id} queued for manual training`,
});
