import { z } from 'zod';
import { pageMetaSchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';

/** What waits in the pending-projects queue: a project of one of the four kinds, or a model waiting for training. */
export const pendingKinds = ['EDITING', 'VIDEO', 'TEACHING', 'ADDITIONAL', 'MODEL'] as const;
export type PendingKind = (typeof pendingKinds)[number];
export const pendingKindLabels: Record<PendingKind, string> = {
  EDITING: 'Editing',
  VIDEO: 'Video',
  TEACHING: 'Teaching',
  ADDITIONAL: 'Additional photos',
  MODEL: 'Model training',
};

/** The states that are the queue: a project UPLOADED or PROCESSING, a model PENDING. */
export const pendingStatuses = ['UPLOADED', 'PROCESSING', 'PENDING'] as const;
export const pendingStatusLabels: Record<(typeof pendingStatuses)[number], string> = {
  UPLOADED: 'Uploaded',
  PROCESSING: 'Processing',
  PENDING: 'Waiting for training',
};

/** One piece of waiting work. `id` is `project-12` or `model-7` (the two tables' ids overlap); `record_id` the row's. */
export const pendingRowSchema = z.object({
  id: z.string(),
  record_id: z.number().int(),
  /**
   * `project` rows run the Projects tab's commands; `model` rows the Models page's (the same `quick_actions` as a row
   * of the Models list, and its `last_updated_row` for their version check).
   */
  record: z.enum(['project', 'model']),
  kind: z.enum(pendingKinds),
  name: z.string(),
  status: z.enum(pendingStatuses),
  waiting_since: z.string(),
  /** Whole hours since it started waiting. */
  age_hours: z.number().int(),
  user_id: z.number().int(),
  customer: z.string(),
  profile_id: z.number().int().nullable(),
  profile_name: z.string().nullable(),
  /** Why it waits, in words. */
  reason: z.string(),
  /** A model row's version (ISO 8601 with microseconds), which its commands send back; null on a project row. */
  last_updated_row: z.string().nullable(),
  quick_actions: z.array(quickActionSchema),
});
export type PendingRow = z.infer<typeof pendingRowSchema>;

export const pendingAnswerSchema = z.object({
  headers: z.array(headerSchema),
  rows: z.array(pendingRowSchema),
  meta: pageMetaSchema.extend({ total_number_of_pending: z.number().int() }),
});
