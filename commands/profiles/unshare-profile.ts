import { z } from 'zod';
import { api } from '../../domain/api';
import { unshareProfileBody } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileField, profileViews } from './profile-choice';

const unshareForm = z.object({
  profile_id: api.profiles.unshare.params.shape.profile_id,
  email: unshareProfileBody.shape.email,
});

export default defineCommand({
  id: 'profile.unshare',
  title: 'Stop sharing profile',
  group: 'Customer',
  permission: 'share_profiles',
  target: 'user',
  keywords: ['profile', 'unshare', 'revoke', 'share'],
  params: {
    schema: unshareForm,
    fields: {
      profile_id: profileField,
      email: { kind: 'text', label: 'Stop sharing with (e-mail)', placeholder: 'assistant@studio.com' },
    },
  },
  confirm: 'destructive',
  consequence: (_target, params) => `${params.email} can no longer edit with profile #${params.profile_id}.`,
  run: ({ params, signal }) =>
    call(
      api.profiles.unshare,
      { params: { profile_id: params.profile_id }, body: { email: params.email } },
      { signal },
    ),
  revalidates: [...profileViews, api.profiles.sharingUsers],
  successMessage: ({ params }) => `Profile #${params.profile_id} no longer shared with ${params.email}`,
});
