import type { RegisteredHandler } from '../http/register';
import { finetuneHistoryHandlers } from './finetune-history';
import { listProfiles, profileDropdownOptions } from './list';

/** The profiles area's calls. */
export const profileHandlers: readonly RegisteredHandler[] = [
  listProfiles,
  profileDropdownOptions,
  ...finetuneHistoryHandlers,
];
