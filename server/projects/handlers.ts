import type { RegisteredHandler } from '../http/register';
import { listAdditionalProjects, listEditingProjects, listTeachingProjects, listVideoProjects } from './list';
import { listPendingProjects } from './pending';
import { reeditProject } from './reedit';

/** The projects area's calls. */
export const projectHandlers: readonly RegisteredHandler[] = [
  listEditingProjects,
  listVideoProjects,
  listTeachingProjects,
  listAdditionalProjects,
  listPendingProjects,
  reeditProject,
];
