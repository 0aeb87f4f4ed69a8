import { z } from 'zod';
import { api } from '../../domain/api';
import { profileStatusLabels, profileTypeLabels } from '../../domain/profiles';
import { formatDate } from '../../src/ui/dates';
import { choicesFrom, type FieldSpec } from '../define';

/** The profile commands' parameter: the profile (its row's menu fills it in). */
export const profileChoice = z.object({ profile_id: api.profiles.deleteProfile.params.shape.profile_id });

/** The customer's profile (owned or shared with them), picked by name, type, status, last training or id. */
export const profileField: FieldSpec = {
  kind: 'record',
  label: 'Profile',
  numeric: true,
  placeholder: 'Type part of its name or its id',
  choices: choicesFrom(
    api.profiles.list,
    ({ target }) => (target ? { params: { user_id: target.id } } : null),
    (answer) =>
      answer.profiles.map((profile) => ({
        value: String(profile.id),
        label: profile.profile_name,
        details: [
          profile.date_last_trained ? `trained ${formatDate(profile.date_last_trained)}` : 'never trained',
          profileStatusLabels[profile.status],
          profileTypeLabels[profile.profile_type],
        ],
      })),
  ),
};

/** What a profile command changes on screen: the profiles list, its finetune history, the timeline and the audit. */
export const profileViews = [
  api.profiles.list,
  api.profiles.dropdownOptions,
  api.profiles.finetuneHistory,
  api.users.get,
  api.userDetails.activity,
  api.userDetails.audit,
] as const;
