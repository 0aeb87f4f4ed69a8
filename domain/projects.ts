import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { moneySchema } from './money';
import { pendingAnswerSchema } from './pending-projects';
import { tableQuerySchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';

/**
 * Projects (spec §3 "Projects", §4 "Project statuses"): a customer's editing (CULL or EDIT), video, teaching and
 * additional projects: the Projects tab's editing and video lists (paged and sorted in SQL) and a profile's teaching
 * and additional projects.
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

/** The row actions of an editing project (spec §3), and of a video project. */
export const editingProjectActions = ['REFUND', 'DOWNLOAD_PHOTOS_LOCALLY', 'RE_EDIT', 'EMAIL_EDITED_PHOTOS'] as const;
export type EditingProjectAction = (typeof editingProjectActions)[number];
export const editingProjectActionLabels: Record<EditingProjectAction, string> = {
  REFUND: 'Refund',
  DOWNLOAD_PHOTOS_LOCALLY: 'Download photos',
  RE_EDIT: 'Re-edit',
  EMAIL_EDITED_PHOTOS: 'E-mail edited photos',
};
export const videoProjectActions = ['VIDEO_EMAIL_PROJECT'] as const;
export const videoProjectActionLabels: Record<(typeof videoProjectActions)[number], string> = {
  VIDEO_EMAIL_PROJECT: 'E-mail the video project',
};

/** How an editing project's list can be sorted (in SQL, tie-broken by id). */
export const editingProjectSorts = ['date', 'project_name', 'total_charge', 'number_of_images_sent'] as const;

const timestamp = z.string();
const userIdParams = z.object({ user_id: idParam });
const profileIdParams = z.object({ profile_id: idParam });

/** Paging of a customer's projects: `?page=1&page_size=50&sort=date&order=desc` (all optional). */
export const projectPageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(editingProjectSorts).default('date'),
    order: z.enum(['asc', 'desc']).default('desc'),
    /** Only projects whose name holds this text, or whose id it is (a chooser's search). */
    q: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type ProjectPageQuery = z.infer<typeof projectPageQuery>;

const pageMeta = z.object({
  total_number_of_projects: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** One editing project (spec §3 "Editing project row"). */
export const editingProjectRowSchema = z.object({
  id: z.number().int(),
  project_name: z.string(),
  project_type: z.enum(editingProjectTypes),
  date: timestamp,
  /** Delivered to an online gallery too: the icon the row shows and its tooltip. */
  delivery_to_gallery: z.object({ icon: z.enum(['GALLERY', 'NONE']), tooltip: z.string() }),
  selected_profile: z.object({ id: z.number().int(), profile_name: z.string() }).nullable(),
  project_status: z.enum(projectStatuses),
  sent_final_edit_date: timestamp.nullable(),
  catalog_path: z.string().nullable(),
  number_of_images_sent: z.number().int(),
  number_of_edit_sent: z.number().int(),
  number_of_edits_to_charge: z.number().int(),
  advanced_options: z.array(z.enum(advancedOptions)),
  total_charge: moneySchema,
  /** The invoice of the charge that billed it (the charge id opens it); null when no charge billed it. */
  invoice: z.object({ charge_id: z.number().int(), number: z.string() }).nullable(),
  paid: z.boolean(),
  software_version: z.string().nullable(),
  quick_actions: z.array(quickActionSchema),
});
export type EditingProjectRow = z.infer<typeof editingProjectRowSchema>;

/** One video project (spec §3 "Video project"). */
export const videoProjectRowSchema = z.object({
  id: z.number().int(),
  project_name: z.string(),
  date: timestamp,
  project_status: z.enum(projectStatuses),
  duration_minutes: z.number().int(),
  number_of_clips: z.number().int(),
  quick_actions: z.array(quickActionSchema),
});
export type VideoProjectRow = z.infer<typeof videoProjectRowSchema>;

export const teachingProjectRowSchema = z.object({
  id: z.number().int(),
  project_name: z.string(),
  upload_date: timestamp,
  teach: z.boolean(),
  finetune: z.boolean(),
  number_of_images_sent: z.number().int(),
});
export const additionalProjectRowSchema = z.object({
  id: z.number().int(),
  project_name: z.string(),
  upload_date: timestamp,
  edited_with_imagen: z.boolean(),
  photos_in_project: z.number().int(),
});

/** Re-edit: why the project goes back into the queue (kept in the audit row and the timeline). */
export const reeditBody = z
  .object({ reason: z.string().trim().min(3, 'say why, in a few words').max(500, 'must be at most 500 characters') })
  .strict();

/** What e-mailing a project's results answers: the outbox row, to whom, and the link it carries. */
export const projectEmailAnswer = z.object({
  outbox_id: z.number().int(),
  recipient: z.string(),
  template: z.string(),
  url: z.string(),
});

/** How long a project download link works. */
export const downloadLinkTtlSeconds = 600;

/** A project's photos as a signed link to a streamed ZIP: its file name, how many photos, its exact size. */
export const projectDownloadAnswer = z.object({
  url: z.string(),
  expires_at: z.string(),
  filename: z.string(),
  files: z.number().int(),
  bytes: z.number().int(),
});

export const projects = defineArea('projects', {
  editing: get('users/:user_id/projects', {
    summary: 'The customer’s editing projects (edit and cull), paged and sorted, with what each cost and its actions',
    permission: 'user_details_read',
    params: userIdParams,
    query: projectPageQuery,
    answer: z.object({ headers: z.array(headerSchema), projects: z.array(editingProjectRowSchema), meta: pageMeta }),
  }),
  video: get('users/:user_id/video/projects', {
    summary: 'The customer’s video projects, paged, newest first by default',
    permission: 'user_details_read',
    params: userIdParams,
    query: projectPageQuery,
    answer: z.object({ headers: z.array(headerSchema), projects: z.array(videoProjectRowSchema), meta: pageMeta }),
  }),
  teaching: get('profiles/:profile_id/teaching-projects', {
    summary: 'The projects a profile was taught with, newest first',
    permission: 'user_details_read',
    params: profileIdParams,
    answer: z.object({ headers: z.array(headerSchema), projects: z.array(teachingProjectRowSchema) }),
  }),
  additional: get('profiles/:profile_id/additional-projects', {
    summary: 'The additional photo sets added to a profile, newest first',
    permission: 'user_details_read',
    params: profileIdParams,
    answer: z.object({ headers: z.array(headerSchema), projects: z.array(additionalProjectRowSchema) }),
  }),
  pending: post('projects/pending_projects', {
    summary: 'The queue of waiting work (projects not delivered, models waiting for training), oldest first',
    permission: 'user_details_read',
    readOnly: true,
    body: tableQuerySchema,
    answer: pendingAnswerSchema,
  }),
  emailEditedPhotos: post('projects/editing/:project_id/email_edited_photos', {
    summary: 'E-mail the customer a link to the edited photos of a delivered editing project',
    permission: 'email_edited_photos',
    params: z.object({ project_id: idParam }),
    answer: projectEmailAnswer,
    target: { kind: 'project', param: 'project_id' },
  }),
  emailVideo: post('projects/video/:project_id/email_project', {
    summary: 'E-mail the customer a link to a delivered video project (answers 204, no body)',
    permission: 'video_email_project',
    params: z.object({ project_id: idParam }),
    answer: z.null(),
    target: { kind: 'project', param: 'project_id' },
  }),
  download: post('projects/editing/:project_id/download', {
    summary: 'A signed link, valid for 10 minutes, to a ZIP of a delivered editing project’s photos',
    permission: 'download_user_photos',
    params: z.object({ project_id: idParam }),
    answer: projectDownloadAnswer,
    target: { kind: 'project', param: 'project_id' },
  }),
  downloadZip: get('projects/editing/:project_id/photos.zip', {
    summary: 'The ZIP of a project’s photos behind a signed link (no session: the signature is the permission)',
    permission: null,
    auth: 'none',
    params: z.object({ project_id: idParam }),
    query: z
      .object({
        expires: z.coerce.number().int().positive(),
        signature: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
      })
      .strict(),
    /** The ZIP's bytes, streamed (content-type application/zip), not JSON. */
    answer: z.custom<AsyncIterable<Uint8Array>>(
      (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
      'must be the ZIP stream',
    ),
  }),
  reedit: post('projects/editing/:project_id/reedit', {
    summary: 'Put a delivered editing project back in the queue to be edited again, charging nothing',
    permission: 'reedit_project',
    params: z.object({ project_id: idParam }),
    body: reeditBody,
    answer: z.object({ project: editingProjectRowSchema }),
    target: { kind: 'project', param: 'project_id' },
  }),
});
