import { labelledEnums, optionLabelsOf, refusalOf } from '../../domain/labels';
import type { Permission } from '../../domain/permissions';
import {
  finetunePhotoThreshold,
  type ModelState,
  maxSharedUsers,
  type ProfileColor,
  type ProfileFormat,
  type ProfileQuickAction,
  type ProfileRow,
  type ProfileSource,
  type ProfileState,
  type ProfileType,
  profileColorLabels,
  profileColors,
  profileFormats,
} from '../../domain/profiles';
import type { Header, QuickAction } from '../../domain/tables';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';

/** A profile as the list query reads it: the stored row and what is derived from its projects and models. */
export interface ProfileRecord {
  id: number;
  customerId: number;
  name: string;
  type: ProfileType;
  state: ProfileState;
  format: ProfileFormat;
  color: ProfileColor;
  builtWith: ProfileSource;
  trainRequestedAt: string | null;
  lastUpdatedRow: string;
  /** Editing projects the viewed customer sent with it, and their photos. */
  projectsSent: number;
  photosSent: number;
  additionalPhotos: number;
  /** Photos edited with it (by anyone) since its current model was made. */
  photosSinceModel: number;
  lastTrainedAt: string | null;
  shares: number;
  /** A model of it is waiting or training now. */
  training: boolean;
  /** It has a finished model other than the current one to revert to. */
  earlierModel: boolean;
}

function choicesOf(key: string): Pick<Header, 'options' | 'option_labels'> {
  const labelled =
    key === 'status'
      ? labelledEnums.profileStatus
      : key === 'profile_type'
        ? labelledEnums.profileType
        : key === 'profile_built_with'
          ? labelledEnums.profileSource
          : undefined;
  return labelled ? { options: [...labelled.values], option_labels: optionLabelsOf(labelled) } : {};
}

/** The columns of the Profiles tab, in display order. */
export const profileHeaders: readonly Header[] = (
  [
    ['id', 'Id', 'LINK', true],
    ['profile_name', 'Name', 'TEXT', true],
    ['status', 'Status', 'STATUS', true],
    ['sharing', 'Sharing', 'TAG', true],
    ['format', 'Format', 'TEXT', true],
    ['color', 'Color', 'TEXT', true],
    ['projects_sent_with_profile', 'Projects', 'NUMBER', true],
    ['photos_sent_for_profile', 'Photos sent', 'NUMBER', true],
    ['additional_photos', 'Additional photos', 'NUMBER', false],
    ['total_photos', 'Total photos', 'NUMBER', true],
    ['missing_for_finetune', 'Missing for finetune', 'NUMBER', true],
    ['ready_for_finetune', 'Ready for finetune', 'BOOLEAN_CHECK', false],
    ['date_last_trained', 'Last trained', 'DATETIME', true],
    ['train_my_profile_date', 'Training asked', 'DATETIME', false],
    ['profile_type', 'Type', 'TAG', false],
    ['profile_built_with', 'Built with', 'TAG', false],
    ['quick_actions', 'Actions', 'ROW_MENU', true],
  ] as const
).map(([key, label, type, visible]) => ({
  key,
  label,
  type,
  sortable: false,
  filter: null,
  ...choicesOf(key),
  default_visible: visible,
}));

/** The columns of the finetune history. */
export const finetuneHeaders: readonly Header[] = (
  [
    ['creation_date', 'Created', 'DATETIME'],
    ['model_id', 'Model', 'NUMBER'],
    ['state', 'State', 'STATUS'],
    ['photos_in_model', 'Photos', 'NUMBER'],
    ['action', 'Action', 'ROW_MENU'],
  ] as const
).map(([key, label, type]) => ({
  key,
  label,
  type,
  sortable: false,
  filter: null,
  ...(key === 'state'
    ? { options: [...labelledEnums.modelState.values], option_labels: optionLabelsOf(labelledEnums.modelState) }
    : {}),
  default_visible: true,
}));

/** The model states whose training finished (what "last trained" and a revert can name). */
export const trainedModelStates: readonly ModelState[] = ['READY', 'PENDING_REVIEW', 'DEPRECATED'];
/** The model states of a finetune still under way. */
export const trainingModelStates: readonly ModelState[] = ['PENDING', 'PROCESSING'];

/** Each action's permission (the server refuses without it; the row says why). */
const actionPermission: Record<ProfileQuickAction, Permission> = {
  SEND_FOR_MANUAL_TRAINING: 'edit_profile',
  DELETE_PROFILE: 'edit_profile',
  SHARE_PROFILE: 'share_profiles',
  REVERT_TO_LAST_MODEL: 'edit_profile',
  RECOVER_PROFILE: 'edit_profile',
  GO_TO_OWNER: 'user_details_read',
};

/** §4: the actions a row offers by its state, and whether the viewed customer owns it. */
function actionsOf(record: ProfileRecord, owned: boolean): ProfileQuickAction[] {
  if (!owned) return ['GO_TO_OWNER'];
  if (record.state === 'DRAFT') {
    return ['SEND_FOR_MANUAL_TRAINING', 'DELETE_PROFILE', 'SHARE_PROFILE', 'REVERT_TO_LAST_MODEL'];
  }
  if (record.state === 'READY') return ['SHARE_PROFILE', 'DELETE_PROFILE'];
  return ['RECOVER_PROFILE'];
}

/** Why an offered action cannot run on this row now (null: it can). */
function stateReason(action: ProfileQuickAction, record: ProfileRecord): string | null {
  if (action === 'SHARE_PROFILE' && record.shares >= maxSharedUsers) {
    return `Already shared with ${maxSharedUsers} people, the most a profile can be shared with`;
  }
  if (action === 'SEND_FOR_MANUAL_TRAINING' && record.training) return 'A model of this profile is training already';
  if (action === 'REVERT_TO_LAST_MODEL' && !record.earlierModel)
    return 'This profile has no earlier model to revert to';
  return null;
}

function quickActions(record: ProfileRecord, owned: boolean, can: (p: Permission) => boolean): QuickAction[] {
  return actionsOf(record, owned).map((name) => {
    const reason = can(actionPermission[name]) ? stateReason(name, record) : refusalOf(actionPermission[name]);
    return { name, is_disabled: reason !== null, disable_message: reason };
  });
}

/** A profile as the Profiles tab's row for the customer `viewerId` (its owner, or someone it is shared with). */
export function profileRow(record: ProfileRecord, viewerId: number, can: (p: Permission) => boolean): ProfileRow {
  const owned = record.customerId === viewerId;
  const status = !owned && record.state === 'DELETED' ? 'ORIGINAL_PROFILE_DELETED' : record.state;
  const editable = owned && record.state !== 'DELETED';
  const dropdownReason = !can('edit_profile')
    ? refusalOf('edit_profile')
    : editable
      ? null
      : owned
        ? 'A deleted profile cannot change: recover it first'
        : 'Only the owner’s profile can change';
  const dropdown = { is_disabled: dropdownReason !== null, disable_message: dropdownReason };
  const missing = Math.max(0, finetunePhotoThreshold - record.photosSinceModel);
  return {
    id: record.id,
    profile_name: record.name,
    profile_type: record.type,
    sharing: owned
      ? record.shares > 0
        ? { type: 'SHARED_WITH_OTHERS', owner_id: record.customerId }
        : null
      : { type: 'SHARED_WITH_ME', owner_id: record.customerId },
    format: { value: record.format, options: profileFormats.map((value) => ({ value, label: value })), ...dropdown },
    color: {
      value: record.color,
      options: profileColors.map((value) => ({ value, label: profileColorLabels[value] })),
      ...dropdown,
    },
    projects_sent_with_profile: record.projectsSent,
    photos_sent_for_profile: record.photosSent,
    date_last_trained: isoTimestampOrNull(record.lastTrainedAt),
    train_my_profile_date: isoTimestampOrNull(record.trainRequestedAt),
    profile_built_with: record.builtWith,
    additional_photos: record.additionalPhotos,
    total_photos: record.photosSent + record.additionalPhotos,
    missing_for_finetune: missing,
    ready_for_finetune: missing === 0,
    status,
    disable_color: status === 'DELETED' || status === 'ORIGINAL_PROFILE_DELETED',
    last_updated_row: isoTimestamp(record.lastUpdatedRow),
    quick_actions: quickActions(record, owned, can),
  };
}
