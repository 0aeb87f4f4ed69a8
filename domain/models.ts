import { z } from 'zod';
import { defineArea, idParam, post } from './endpoint';
import { facetKeys } from './model-facets';
import { statisticsSections } from './model-parameters';
import { modelStates, profileFormats } from './profiles';
import { pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema, quickActionSchema } from './tables';

/**
 * Models (spec §3 "Model list row", "Model detail", §4 model states, §7 "Models"): every finetune of every profile,
 * as a review queue (the list) and as evidence (the detail: what it learned from, per-photo edit statistics).
 *
 * - Reading needs `see_models`. Changing a model (state, lock, training projects, notes) needs `manage_models`: ours,
 *   the roles that hold both `see_models` and `edit_profile` (a model is the learned half of a profile, so whoever may
 *   edit profiles and see models may change models; PARTNERS_MANAGER sees models but does not edit profiles).
 * - A locked model refuses every change but unlock (409 with its lock message); notes stay open (they change nothing).
 */

/** The row actions of the models list, as the server names them. */
export const modelQuickActions = [
  'CHANGE_STATE',
  'LOCK_MODEL',
  'UNLOCK_MODEL',
  'OPEN_PROFILE',
  'OPEN_CUSTOMER',
] as const;
export type ModelQuickAction = (typeof modelQuickActions)[number];

/** Type (RAW/JPG) as the list shows it: label and colour. */
export const modelTypeSchema = z.object({ value: z.enum(profileFormats), label: z.string(), color: z.string() });
export const modelTypeColors: Record<(typeof profileFormats)[number], string> = { RAW: '#60a5fa', JPG: '#f59e0b' };

/** One row of the models list (spec §3 "Model list row"). */
export const modelRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  profile_name: z.string(),
  profile_id: z.number().int(),
  name: z.string(),
  /** When training started; null while the model waits (PENDING). */
  date_started_the_process: z.string().nullable(),
  created_at: z.string(),
  total_number_of_projects: z.number().int(),
  total_number_of_photos: z.number().int(),
  state: z.enum(modelStates),
  locked: z.boolean(),
  lock_message: z.string().nullable(),
  type: modelTypeSchema,
  /** The type's value alone, for the table's Type column and its filter. */
  type_value: z.enum(profileFormats),
  /** The row's version: a state change may name it (optimistic concurrency). */
  last_updated_row: z.string(),
  quick_actions: z.array(quickActionSchema),
});
export type ModelRow = z.infer<typeof modelRowSchema>;

export const modelsAnswer = z.object({
  headers: z.array(headerSchema),
  models: z.array(modelRowSchema),
  meta: pageMetaSchema.extend({ total_number_of_models: z.number().int() }),
});
export type ModelsAnswer = z.infer<typeof modelsAnswer>;

const facetValue = z.string().max(200);
/**
 * The model detail's body: the sidebar selection (facet key → the values checked; `model-type` takes one) and the
 * chart value filters (parameter key → bucket starts, see model-parameters.ts). `{}`: every photo.
 */
export const modelDetailBody = z
  .strictObject({
    selection: z.record(z.string().max(64), z.array(facetValue).max(100)).default({}),
    parameters: z.record(z.string().max(64), z.array(z.number().int().min(-32768).max(32767)).max(50)).default({}),
  })
  .default({ selection: {}, parameters: {} });
export type ModelDetailBody = z.input<typeof modelDetailBody>;

/** One sidebar item (spec: key, label, is_disabled, value, options, total, children). */
export interface SidebarItem {
  key: string;
  label: string;
  is_disabled: boolean;
  value: string;
  /** Radio items: the choices; checkbox items: none. */
  options: { value: string; label: string; total: number }[];
  /** Photos with this value under the rest of the selection (facet counts). */
  total: number;
  selected: boolean;
  children: SidebarItem[];
}
const sidebarItemSchema: z.ZodType<SidebarItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    is_disabled: z.boolean(),
    value: z.string(),
    options: z.array(z.object({ value: z.string(), label: z.string(), total: z.number().int() })),
    total: z.number().int(),
    selected: z.boolean(),
    children: z.array(sidebarItemSchema),
  }),
);
export const sidebarSubgroupSchema = z.object({
  type: z.enum(['checkbox', 'radio', 'separator']),
  label: z.string().nullable(),
  items: z.array(sidebarItemSchema),
});
export const sidebarCardSchema = z.object({
  key: z.enum(facetKeys),
  label: z.string(),
  subgroups: z.array(sidebarSubgroupSchema),
});
export const sidebarGroupSchema = z.object({ key: z.string(), label: z.string(), cards: z.array(sidebarCardSchema) });
export type SidebarGroup = z.infer<typeof sidebarGroupSchema>;

/** One bar (or curve point) of a chart. */
export const chartPointSchema = z.object({
  /** The bucket's first stored value (a histogram) or the curve's input level (a curve). */
  value: z.number(),
  label: z.string(),
  tooltip: z.string(),
  /** Share of the selected photos in this bucket (a curve: the output level, 0–100). */
  percentage: z.number(),
  total: z.number().int(),
  color: z.string(),
});
export const chartFilterSchema = z.object({
  label: z.string(),
  total: z.number().int(),
  percentage: z.number(),
  parameter_value: z.number(),
  selected: z.boolean(),
});
export const chartSchema = z.object({
  key: z.string(),
  kind: z.enum(['histogram', 'curve']),
  label: z.string(),
  group_label: z.string(),
  /** The mean of the selected photos, shown (null with no photos). */
  mean: z.string().nullable(),
  chart_data: z.array(chartPointSchema),
  filters: z.object({ most_common: chartFilterSchema.nullable(), others: z.array(chartFilterSchema) }),
});
export type ModelChart = z.infer<typeof chartSchema>;
export const statisticsSectionSchema = z.object({
  key: z.enum(statisticsSections),
  label: z.string(),
  charts: z.array(chartSchema),
});
export type StatisticsSectionAnswer = z.infer<typeof statisticsSectionSchema>;

export const modelProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.literal('TRAIN'),
  upload_date: z.string(),
  number_of_photos: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Photos of this project under the sidebar selection. */
  selected_photos: z.number().int(),
  is_excluded: z.boolean(),
});
export type ModelProject = z.infer<typeof modelProjectSchema>;

export const profileNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  model_id: z.number().int().nullable(),
  date: z.string(),
});

export const modelDetailAnswer = z.object({
  model: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    profile_id: z.number().int(),
    profile_name: z.string(),
    name: z.string(),
    state: z.enum(modelStates),
    type: modelTypeSchema,
    fail_reason: z.string().nullable(),
    is_automated: z.boolean(),
    tags: z.array(z.string()),
    user_email: z.string(),
    created_at: z.string(),
    date_started_the_process: z.string().nullable(),
    last_updated_row: z.string(),
    /** The states the state machine allows next (a held model: back to the state it was held from, or FAIL). */
    next_states: z.array(z.enum(modelStates)),
    /** While ON_HOLD: the state it was held from (null otherwise, and for a model held before this was kept). */
    held_from: z.enum(modelStates).nullable(),
  }),
  profile_notes: z.array(profileNoteSchema),
  total_photos: z.number().int(),
  selected_photos: z.number().int(),
  model_pagination: z.object({
    total_models: z.number().int(),
    /** 1-based position of this model among its profile's models, oldest first. */
    current_model: z.number().int(),
    previous_model_id: z.number().int().nullable(),
    next_model_id: z.number().int().nullable(),
  }),
  lock: z.object({ is_locked: z.boolean(), lock_message: z.string().nullable() }),
  sidebar: z.array(sidebarGroupSchema),
  projects: z.array(modelProjectSchema),
  statistics: z.array(statisticsSectionSchema),
});
export type ModelDetailAnswer = z.infer<typeof modelDetailAnswer>;

/** Change a model's state; FAIL needs `reason`; `last_updated_row`: the version read (a stale one is a 409). */
export const updateStateBody = z.strictObject({
  model_id: idParam,
  state: z.enum(modelStates, { error: `must be one of ${modelStates.join(', ')}` }),
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  last_updated_row: z.string().max(64).optional(),
});
export const lockBody = z.strictObject({
  message: z.string().trim().min(3, 'say why, in a few words').max(500, 'must be at most 500 characters'),
});
export const noteBody = z.strictObject({
  body: z.string().trim().min(1, 'write the note').max(2000, 'must be at most 2000 characters'),
});

const modelTarget = { kind: 'model', param: 'model_id' } as const;
const modelParams = z.object({ model_id: idParam });
const projectParams = z.object({ model_id: idParam, project_id: idParam });
/** What a model change answers: the model's list row as it is now. */
const modelChangeAnswer = z.object({ model: modelRowSchema });

export const models = defineArea('models', {
  list: post('models/model_management/get_models', {
    summary: 'The models list: filtered, sorted and paged like users_filter ({} lists every model, newest first)',
    permission: 'see_models',
    body: tableQuerySchema,
    answer: modelsAnswer,
    readOnly: true,
  }),
  detail: post('models/model_management/:model_id', {
    summary: 'A model with its evidence: training projects, sidebar facets and statistics of the selected photos',
    permission: 'see_models',
    params: modelParams,
    body: modelDetailBody,
    answer: modelDetailAnswer,
    readOnly: true,
  }),
  updateState: post('models/update_state', {
    summary: 'Move a model through its state machine (409 names the allowed next states; FAIL needs a reason)',
    permission: 'manage_models',
    body: updateStateBody,
    answer: modelChangeAnswer,
    target: { ...modelTarget, in: 'body' },
  }),
  lock: post('models/:model_id/actions/lock', {
    summary: 'Lock a model with a message: it refuses every change but unlock until then',
    permission: 'manage_models',
    params: modelParams,
    body: lockBody,
    answer: modelChangeAnswer,
    target: modelTarget,
  }),
  unlock: post('models/:model_id/actions/unlock', {
    summary: 'Unlock a locked model',
    permission: 'manage_models',
    params: modelParams,
    answer: modelChangeAnswer,
    target: modelTarget,
  }),
  excludeProject: post('models/:model_id/projects/:project_id/exclude', {
    summary: 'Leave a training project out of the model (its photos leave the statistics and the next training)',
    permission: 'manage_models',
    params: projectParams,
    answer: z.object({ project: modelProjectSchema }),
    target: modelTarget,
  }),
  includeProject: post('models/:model_id/projects/:project_id/include', {
    summary: 'Take an excluded training project back into the model',
    permission: 'manage_models',
    params: projectParams,
    answer: z.object({ project: modelProjectSchema }),
    target: modelTarget,
  }),
  addNote: post('models/:model_id/notes', {
    summary: 'Add a note to the model’s profile (profile notes), written while reviewing this model',
    permission: 'manage_models',
    params: modelParams,
    body: noteBody,
    answer: z.object({ note: profileNoteSchema }),
    target: modelTarget,
  }),
});
