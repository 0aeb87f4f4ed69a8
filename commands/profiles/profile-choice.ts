import { z } from 'zod';
import { api } from '../../domain/api';
import type { FieldSpec } from '../define';

/** The profile commands' parameter: the profile (its row's menu fills it in). */
export const profileChoice = z.object({ profile_id: api.profiles.deleteProfile.params.shape.profile_id });

export const profileField: FieldSpec = {
  kind: 'number',
  label: 'Profile id',
  placeholder: 'From the Profiles tab',
  hint: 'Row menus on the Profiles tab fill this in.',
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
