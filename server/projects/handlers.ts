import type { RegisteredHandler } from '../http/register';
import { downloadProject, getProjectZip } from './download';
import { emailEditedPhotos, emailVideoProject } from './emails';
import { listAdditionalProjects, listEditingProjects, listTeachingProjects, listVideoProjects } from './list';
import { listPendingProjects } from './pending';
import { reeditProject } from './reedit';
import { getRefundable, getRefundReasons, refundProject } from './refund';

/** The projects area's calls. */
export const projectHandlers: readonly RegisteredHandler[] = [
  listEditingProjects,
  listVideoProjects,
  listTeachingProjects,
  listAdditionalProjects,
  listPendingProjects,
  reeditProject,
  getRefundReasons,
  getRefundable,
  refundProject,
  emailEditedPhotos,
  emailVideoProject,
  downloadProject,
  getProjectZip,
];
