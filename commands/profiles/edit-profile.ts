import { z } from 'zod';
import { api } from '../../domain/api';
import { editProfileBody, profileColors, profileFormats } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { profileField, profileViews } from './profile-choice';

const form = z.object({
  profile_id: api.profiles.editProfile.params.shape.profile_id,
  format: editProfileBody.shape.format,
  color: editProfileBody.shape.color,
  last_updated_row: editProfileBody.shape.last_updated_row,
});

/**
 * The format and colour dropdowns of a profile row: the row opens it prefilled with the new value and the version
 * it read; someone else's change meanwhile comes back as a 409 under the form, nothing changed.
 */
export default defineCommand({
  id: 'profile.edit',
  title: 'Change profile format or color',
  group: 'Customer',
  permission: 'edit_profile',
  target: 'user',
  keywords: ['profile', 'format', 'raw', 'jpg', 'color', 'colour', 'black and white', 'bnw'],
  params: {
    schema: form,
    fields: {
      profile_id: profileField,
      format: {
        kind: 'select',
        label: 'Format',
        placeholder: 'Unchanged',
        options: profileFormats.map((value) => ({ value, label: value })),
      },
      color: {
        kind: 'select',
        label: 'Color',
        placeholder: 'Unchanged',
        options: profileColors.map((value) => ({ value, label: value })),
      },
      last_updated_row: {
        kind: 'text',
        label: 'Version read',
        hint: 'The profile row fills this in; a change by someone else since then is refused.',
      },
    },
  },
  confirm: false,
  run: ({ params, signal }) => {
    const { profile_id, ...body } = params;
    return call(api.profiles.editProfile, { params: { profile_id }, body }, { signal });
  },
  revalidates: profileViews,
  successMessage: ({ params }) => `Profile #${params.profile_id} changed`,
});
