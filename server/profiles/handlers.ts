import type { RegisteredHandler } from '../http/register';
import { addProfileId, addTalentProfile, editProfile, sendForTeaching } from './additions';
import { deleteProfile, recoverProfile, revertToModel, sendForManualTraining } from './commands';
import { finetuneHistoryHandlers } from './finetune-history';
import { listProfiles, profileDropdownOptions } from './list';
import { listSharingUsers, shareProfile, unshareProfile } from './sharing';

/** The profiles area's calls. */
export const profileHandlers: readonly RegisteredHandler[] = [
  listProfiles,
  profileDropdownOptions,
  ...finetuneHistoryHandlers,
  deleteProfile,
  recoverProfile,
  sendForManualTraining,
  revertToModel,
  listSharingUsers,
  shareProfile,
  unshareProfile,
  sendForTeaching,
  addTalentProfile,
  addProfileId,
  editProfile,
];
