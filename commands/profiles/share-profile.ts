import { z } from 'zod';
import { api } from '../../domain/api';
import { can } from '../../domain/permissions';
import { shareProfileBody } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileField, profileViews } from './profile-choice';

const shareForm = z.object({
  profile_id: api.profiles.share.params.shape.profile_id,
  email: shareProfileBody.shape.email,
  silent: shareProfileBody.shape.silent,
});

export default defineCommand({
  id: 'profile.share',
  title: 'Share profile',
  group: 'Customer',
  permission: ['share_profiles', 'share_profiles_loud'],
  target: 'user',
  keywords: ['profile', 'share', 'assistant', 'second shooter', 'team'],
  params: {
    schema: shareForm,
    fields: {
      profile_id: profileField,
      email: { kind: 'text', label: 'Share with (e-mail)', placeholder: 'assistant@studio.com' },
      silent: {
        kind: 'checkbox',
        label: 'Share silently (the recipient is not told)',
        hint: ({ role }) =>
          can(role, 'share_profiles_loud')
            ? 'Unticked, the recipient gets an e-mail announcing the share.'
            : 'Your role may share silently only.',
        check: (silent, { role }) =>
          silent === false && !can(role, 'share_profiles_loud')
            ? 'Your role may share silently only: tick this'
            : undefined,
      },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(
      api.profiles.share,
      { params: { profile_id: params.profile_id }, body: { email: params.email, silent: params.silent } },
      { signal },
    ),
  revalidates: [...profileViews, api.profiles.sharingUsers],
  successMessage: ({ params }) => `Profile #${params.profile_id} shared with ${params.email}`,
});
