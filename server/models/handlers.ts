import type { RegisteredHandler } from '../http/register';
import { addProfileNote, excludeProject, includeProject, lockModelCall, unlockModelCall } from './commands';
import { modelDetail } from './detail';
import { listModels } from './list';
import { updateModelState } from './state';

/** The models area's calls. */
export const modelHandlers: readonly RegisteredHandler[] = [
  listModels,
  modelDetail,
  updateModelState,
  lockModelCall,
  unlockModelCall,
  excludeProject,
  includeProject,
  addProfileNote,
];
