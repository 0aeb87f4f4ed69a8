import { z } from 'zod';
import { defineArea, get, idParam, noBody, post, put } from './endpoint';
import { headerSchema, quickActionSchema } from './tables';
import { customerEmailSchema } from './user-details';

/**
 * Profiles (spec §3 "Profile row", "Finetune history row", §4 profile states, §7 "Profiles"): a customer's learned
 * style profiles, each with its models (one per finetune; the profile's current model is the one it edits with).
 *
 * - A customer's list holds the profiles they own and the ones shared with them (`sharing.type` SHARED_WITH_ME,
 *   `owner_id` the owner). A profile shared with them whose owner deleted it reads ORIGINAL_PROFILE_DELETED.
 * - Counts are derived from the projects and models when read, never stored twice.
 */

/** A profile's stored state (what the owner sees). */
export const profileStates = ['DRAFT', 'READY', 'DELETED'] as const;
export type ProfileState = (typeof profileStates)[number];
export const profileStateLabels: Record<ProfileState, string> = { DRAFT: 'Draft', READY: 'Ready', DELETED: 'Deleted' };
/** The status a row shows: the stored state, or ORIGINAL_PROFILE_DELETED for a recipient of a deleted profile. */
export const profileStatuses = ['DRAFT', 'READY', 'DELETED', 'ORIGINAL_PROFILE_DELETED'] as const;
export type ProfileStatus = (typeof profileStatuses)[number];
export const profileStatusLabels: Record<ProfileStatus, string> = {
  DRAFT: 'Draft',
  READY: 'Ready',
  DELETED: 'Deleted',
  ORIGINAL_PROFILE_DELETED: 'Original deleted',
};

export const profileTypes = ['CREATOR', 'TALENT'] as const;
export type ProfileType = (typeof profileTypes)[number];
export const profileTypeLabels: Record<ProfileType, string> = { CREATOR: 'Creator', TALENT: 'Talent' };

/** File formats, shown as their names (RAW, JPG) like currency codes: an identifier list, no label map. */
export const profileFormats = ['RAW', 'JPG'] as const;
export type ProfileFormat = (typeof profileFormats)[number];

export const profileColors = ['COLOR', 'BnW'] as const;
export type ProfileColor = (typeof profileColors)[number];
export const profileColorLabels: Record<ProfileColor, string> = { COLOR: 'Color', BnW: 'Black & white' };

/** What the profile's first model learned from. */
export const profileSources = ['LIGHTROOM_CATALOG', 'PREVIOUS_EDITS', 'PRESET', 'TALENT_STYLE'] as const;
export type ProfileSource = (typeof profileSources)[number];
export const profileSourceLabels: Record<ProfileSource, string> = {
  LIGHTROOM_CATALOG: 'Lightroom catalog',
  PREVIOUS_EDITS: 'Previous edits',
  PRESET: 'Preset',
  TALENT_STYLE: 'Talent style',
};

export const sharingTypes = ['SHARED_WITH_OTHERS', 'SHARED_WITH_ME'] as const;
export type SharingType = (typeof sharingTypes)[number];
export const sharingTypeLabels: Record<SharingType, string> = {
  SHARED_WITH_OTHERS: 'Shared with others',
  SHARED_WITH_ME: 'Shared with me',
};

/** A model's state (spec §4; the list's "IN PROCESS" sample is PROCESSING). */
export const modelStates = [
  'PENDING',
  'PROCESSING',
  'PENDING_REVIEW',
  'READY',
  'FAIL',
  'ON_HOLD',
  'DEPRECATED',
] as const;
export type ModelState = (typeof modelStates)[number];
export const modelStateLabels: Record<ModelState, string> = {
  PENDING: 'Pending',
  PROCESSING: 'In process',
  PENDING_REVIEW: 'Pending review',
  READY: 'Ready',
  FAIL: 'Failed',
  ON_HOLD: 'On hold',
  DEPRECATED: 'Deprecated',
};

/** The row actions of §4, as the server names them. */
export const profileQuickActions = [
  'SEND_FOR_MANUAL_TRAINING',
  'DELETE_PROFILE',
  'SHARE_PROFILE',
  'REVERT_TO_LAST_MODEL',
  'RECOVER_PROFILE',
  'GO_TO_OWNER',
] as const;
export type ProfileQuickAction = (typeof profileQuickActions)[number];
export const profileQuickActionLabels: Record<ProfileQuickAction, string> = {
  SEND_FOR_MANUAL_TRAINING: 'Send for manual training',
  DELETE_PROFILE: 'Delete profile',
  SHARE_PROFILE: 'Share profile',
  REVERT_TO_LAST_MODEL: 'Revert to last model',
  RECOVER_PROFILE: 'Recover profile',
  GO_TO_OWNER: 'Go to owner',
};

/** The finetune history's row action: revert the profile to that model. */
export const finetuneActions = ['REVERT'] as const;
export const finetuneActionLabels: Record<(typeof finetuneActions)[number], string> = { REVERT: 'Revert' };

/** Photos edited with a profile since its current model that make it ready for the next finetune. */
export const finetunePhotoThreshold = 1000;
/** The finetune history lists at most this many models, newest first (its `max_models`). */
export const maxModelsListed = 20;
/** A profile is shared with at most this many people (spec §9). */
export const maxSharedUsers = 3;

/** A profile dropdown of the row (format, color): its value, the options and whether the caller may change it. */
const dropdownSchema = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({
    value: z.enum(values),
    options: z.array(z.object({ value: z.enum(values), label: z.string() })),
    is_disabled: z.boolean(),
    disable_message: z.string().nullable(),
  });

const timestamp = z.string();

/** One row of the Profiles tab (spec §3 "Profile row"). */
export const profileRowSchema = z.object({
  id: z.number().int(),
  profile_name: z.string(),
  profile_type: z.enum(profileTypes),
  /** Null when the profile is the customer's own and shared with nobody. */
  sharing: z.object({ type: z.enum(sharingTypes), owner_id: z.number().int() }).nullable(),
  format: dropdownSchema(profileFormats),
  color: dropdownSchema(profileColors),
  projects_sent_with_profile: z.number().int(),
  photos_sent_for_profile: z.number().int(),
  /** When the newest READY model was made (null: never trained). */
  date_last_trained: timestamp.nullable(),
  /** When the customer asked to train the profile. */
  train_my_profile_date: timestamp.nullable(),
  profile_built_with: z.enum(profileSources),
  additional_photos: z.number().int(),
  total_photos: z.number().int(),
  missing_for_finetune: z.number().int(),
  ready_for_finetune: z.boolean(),
  status: z.enum(profileStatuses),
  /** The row is shown dimmed: the profile is deleted (by its owner or, for a recipient, by the original's owner). */
  disable_color: z.boolean(),
  /** The version the row was read at (optimistic concurrency of the format and color dropdowns). */
  last_updated_row: timestamp,
  quick_actions: z.array(quickActionSchema),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

export const profilesAnswer = z.object({
  headers: z.array(headerSchema),
  profiles: z.array(profileRowSchema),
  meta: z.object({ enable_column_selection: z.boolean(), max_personal_profiles: z.number().int() }),
});
export type ProfilesAnswer = z.infer<typeof profilesAnswer>;

/** One model of the finetune history (spec §3 "Finetune history row"). */
export const finetuneRowSchema = z.object({
  creation_date: timestamp,
  photos_in_model: z.number().int(),
  model_id: z.number().int(),
  state: z.enum(modelStates),
  /** The profile edits with this model now. */
  is_current: z.boolean(),
  /** REVERT on a READY or DEPRECATED model that is not the current one; null otherwise. */
  action: z.enum(finetuneActions).nullable(),
});
export type FinetuneRow = z.infer<typeof finetuneRowSchema>;

export const finetuneHistoryAnswer = z.object({
  headers: z.array(headerSchema),
  rows: z.array(finetuneRowSchema),
  meta: z.object({ max_models: z.number().int(), total_number_of_models: z.number().int() }),
});
export type FinetuneHistoryAnswer = z.infer<typeof finetuneHistoryAnswer>;

const userIdParams = z.object({ user_id: idParam });
const profileIdParams = z.object({ profile_id: idParam });

const finetuneHistory = {
  summary: 'The models of a profile, newest first, each with its photos and whether the profile can revert to it',
  permission: 'user_details_read',
  params: profileIdParams,
  answer: finetuneHistoryAnswer,
} as const;

/**
 * The revert command's form: the profile, and the model (empty: the newest one the finetune history offers REVERT
 * on, which the console looks up before calling; the call itself always names the model).
 */
export const revertModelForm = z.object({ profile_id: idParam, model_id: idParam.optional() });

/** Share a profile with an address; `silent`: the recipient is not told (loud shares need share_profiles_loud). */
export const shareProfileBody = z.object({ email: customerEmailSchema, silent: z.boolean() }).strict();
export const unshareProfileBody = z.object({ email: customerEmailSchema }).strict();

/** Someone a profile is shared with (spec §3 "Shared user of a profile"); `id` is the share's. */
export const sharedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The address is a customer's (then `user_id` is theirs). */
  is_registered: z.boolean(),
  user_id: z.number().int().nullable(),
  is_silent: z.boolean(),
});
export const sharingUsersAnswer = z.object({
  users: z.array(sharedUserSchema),
  meta: z.object({ max_shared_users: z.number().int() }),
});
export type SharingUsersAnswer = z.infer<typeof sharingUsersAnswer>;

const profileTarget = { kind: 'profile', param: 'profile_id' } as const;
const customerTarget = { kind: 'customer', param: 'user_id' } as const;

/** A profile's name as staff type it. */
const profileName = z.string().trim().min(2, 'must be at least 2 characters').max(80, 'must be at most 80 characters');

/** Add a talent profile (a style made by a professional, type TALENT) to the customer's profiles. */
export const addTalentProfileBody = z
  .object({
    profile_name: profileName,
    format: z.enum(profileFormats).default('RAW'),
    color: z.enum(profileColors).default('COLOR'),
  })
  .strict();

/** Add an existing profile, by its id, to the customer: a copy of it (and of the model it edits with). */
export const addProfileIdBody = z.object({ profile_id: idParam }).strict();

/**
 * Change a profile's format or colour from its dropdowns: the version the row was read at (`last_updated_row`)
 * must still be the stored one (409 stale_version otherwise), like the details form.
 */
export const editProfileBody = z
  .object({
    format: z.enum(profileFormats).optional(),
    color: z.enum(profileColors).optional(),
    last_updated_row: z.string().min(1, 'the version the row was read at'),
  })
  .strict()
  .refine((body) => body.format !== undefined || body.color !== undefined, {
    message: 'change the format or the color',
    path: ['format'],
  });
/** What a profile command answers: the profile as its owner's Profiles tab shows it now. */
const profileChangeAnswer = z.object({ profile: profileRowSchema });

export const profiles = defineArea('profiles', {
  list: get('users/:user_id/profiles', {
    summary: 'The customer’s profiles (owned and shared with them) with their counts, state and row actions',
    permission: 'user_details_read',
    params: userIdParams,
    answer: profilesAnswer,
  }),
  dropdownOptions: get('users/:user_id/profiles/dropdown-options', {
    summary: 'The customer’s profiles as choices (id and name), for forms that pick one',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.array(z.object({ id: z.number().int(), profile_name: z.string() })),
  }),
  finetuneHistory: get('profiles/:profile_id/finetune_history', finetuneHistory),
  /** The same call under the hyphenated path the spec also names. */
  finetuneHistoryHyphenated: get('profiles/:profile_id/finetune-history', finetuneHistory),
  deleteProfile: post('profiles/:profile_id/actions/delete_profile', {
    summary: 'Delete a profile (it can be recovered); it stops counting toward the customer’s profiles',
    permission: 'edit_profile',
    params: profileIdParams,
    body: noBody,
    answer: profileChangeAnswer,
    target: profileTarget,
  }),
  recoverProfile: post('profiles/:profile_id/actions/recover_profile', {
    summary: 'Recover a deleted profile (READY with its model, else DRAFT), within the customer’s profile limit',
    permission: 'edit_profile',
    params: profileIdParams,
    body: noBody,
    answer: profileChangeAnswer,
    target: profileTarget,
  }),
  sendForManualTraining: post('profiles/:profile_id/actions/send_for_manual_training', {
    summary: 'Queue a new model of the profile for training by hand (state PENDING)',
    permission: 'edit_profile',
    params: profileIdParams,
    body: noBody,
    answer: profileChangeAnswer,
    target: profileTarget,
  }),
  sharingUsers: get('profiles/:profile_id/sharing/users', {
    summary: 'Who a profile is shared with (registered customers and outside addresses), and the most it may be',
    permission: 'user_details_read',
    params: profileIdParams,
    answer: sharingUsersAnswer,
  }),
  share: post('profiles/:profile_id/actions/share', {
    summary: 'Share a profile with an address: silently (share_profiles) or announced by e-mail (share_profiles_loud)',
    permission: ['share_profiles', 'share_profiles_loud'],
    params: profileIdParams,
    body: shareProfileBody,
    answer: sharingUsersAnswer,
    target: profileTarget,
  }),
  unshare: post('profiles/:profile_id/actions/unshare', {
    summary: 'Stop sharing a profile with an address',
    permission: 'share_profiles',
    params: profileIdParams,
    body: unshareProfileBody,
    answer: sharingUsersAnswer,
    target: profileTarget,
  }),
  sendForTeaching: post('profiles/:profile_id/actions/send_for_teaching', {
    summary: 'Queue a teaching project of the profile’s edited photos, to teach it (it waits on the pending page)',
    permission: 'edit_profile',
    params: profileIdParams,
    body: noBody,
    answer: profileChangeAnswer,
    target: profileTarget,
  }),
  addTalentProfile: post('users/:user_id/profiles/actions/add_talent_profile', {
    summary: 'Add a talent profile to the customer, within their profile limit (max_personal_profiles)',
    permission: 'add_talent_profile',
    params: userIdParams,
    body: addTalentProfileBody,
    answer: profileChangeAnswer,
    target: customerTarget,
  }),
  addProfileId: post('users/:user_id/profiles/actions/add_profile_id', {
    summary: 'Add a copy of an existing profile (by its id) to the customer, within their profile limit',
    permission: 'add_profile_id',
    params: userIdParams,
    body: addProfileIdBody,
    answer: profileChangeAnswer,
    target: customerTarget,
  }),
  editProfile: put('profiles/:profile_id', {
    summary: 'Change a profile’s format or color (its dropdowns), if nobody changed the profile since it was read',
    permission: 'edit_profile',
    params: profileIdParams,
    body: editProfileBody,
    answer: profileChangeAnswer,
    target: profileTarget,
  }),
  revertToModel: post('profiles/:profile_id/models/:model_id/revert', {
    summary: 'Make an earlier finished model the one the profile edits with',
    permission: 'edit_profile',
    params: z.object({ profile_id: idParam, model_id: idParam }),
    body: noBody,
    answer: profileChangeAnswer,
    target: profileTarget,
  }),
});
