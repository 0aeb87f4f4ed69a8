import { api } from '../../domain/api';
import { addTalentProfileBody, profileColorLabels, profileColors, profileFormats } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileViews } from './profile-choice';

export default defineCommand({
  id: 'profile.add-talent-profile',
  title: 'Add talent profile',
  group: 'Customer',
  permission: 'add_talent_profile',
  target: 'user',
  keywords: ['profile', 'talent', 'style', 'add', 'new profile'],
  params: {
    schema: addTalentProfileBody,
    fields: {
      profile_name: { kind: 'text', label: 'Profile name', placeholder: 'e.g. Moody film (talent)' },
      format: {
        kind: 'select',
        label: 'Format',
        placeholder: 'RAW unless told otherwise',
        options: profileFormats.map((value) => ({ value, label: value })),
      },
      color: {
        kind: 'select',
        label: 'Color',
        placeholder: `${profileColorLabels.COLOR} unless told otherwise`,
        options: profileColors.map((value) => ({ value, label: profileColorLabels[value] })),
      },
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.profiles.addTalentProfile, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: profileViews,
  successMessage: ({ target, params }) => `${target.name} has the talent profile “${params.profile_name}”`,
});
