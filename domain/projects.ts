/**
 * Projects (spec §3 "Projects", §4 "Project statuses"): a customer's editing (CULL or EDIT), video, teaching and
 * additional projects. The calls of the Projects tab come with its view; these are the states the data holds.
 */

export const projectKinds = ['EDITING', 'VIDEO', 'TEACHING', 'ADDITIONAL'] as const;
export type ProjectKind = (typeof projectKinds)[number];
export const projectKindLabels: Record<ProjectKind, string> = {
  EDITING: 'Editing',
  VIDEO: 'Video',
  TEACHING: 'Teaching',
  ADDITIONAL: 'Additional',
};

/**
 * Where a project is: UPLOADED (waiting in the queue) → PROCESSING → READY (edits delivered) → DOWNLOADED (the
 * customer fetched them). The spec's samples show "ready" and "downloaded"; the first two are the queue.
 */
export const projectStatuses = ['UPLOADED', 'PROCESSING', 'READY', 'DOWNLOADED'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusLabels: Record<ProjectStatus, string> = {
  UPLOADED: 'Uploaded',
  PROCESSING: 'Processing',
  READY: 'Ready',
  DOWNLOADED: 'Downloaded',
};

export const editingProjectTypes = ['CULL', 'EDIT'] as const;
export type EditingProjectType = (typeof editingProjectTypes)[number];
export const editingProjectTypeLabels: Record<EditingProjectType, string> = { CULL: 'Cull', EDIT: 'Edit' };

/** The paid extras of an editing project (shown as tags). */
export const advancedOptions = ['CROP', 'STRAIGHTENING', 'SUBJECT_MASK', 'HDR_MERGE', 'SMOOTH_SKIN'] as const;
export type AdvancedOption = (typeof advancedOptions)[number];
export const advancedOptionLabels: Record<AdvancedOption, string> = {
  CROP: 'Crop',
  STRAIGHTENING: 'Straightening',
  SUBJECT_MASK: 'Subject Mask',
  HDR_MERGE: 'HDR Merge',
  SMOOTH_SKIN: 'SmoothSkin',
};
