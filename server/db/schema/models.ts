import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { profileFormats } from '../../../domain/profiles';
import { models, profiles } from './profiles';
import { projects } from './projects';
import { staff } from './staff';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A training project of a model: the set of photos (uploaded together) it learned from. `project_id` is the customer's
 * project the photos came from, when it still exists. An excluded project's photos are left out of the next training
 * and of the model's statistics.
 */
export const modelProjects = pgTable(
  'model_projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    modelId: bigint('model_id', { mode: 'number' })
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    uploadedAt: at('uploaded_at').notNull(),
    photosTotal: integer('photos_total').notNull(),
    /** Photos of the project the training has processed so far. */
    photosDone: integer('photos_done').notNull(),
    isExcluded: boolean('is_excluded').notNull().default(false),
    lastUpdatedRow: at('last_updated_row').notNull().defaultNow(),
  },
  (t) => [
    index('model_projects_model').on(t.modelId, t.uploadedAt),
    check('model_projects_photos', sql`${t.photosDone} >= 0 and ${t.photosDone} <= ${t.photosTotal}`),
  ],
);

/**
 * One training photo of a model with the edit the customer made on it: `params` holds the edit parameters in the
 * order of domain/model-parameters.ts (`modelParameters`), each an integer in that parameter's stored unit.
 * Camera, lens, process version, camera profile and preset kind are the sidebar's facets.
 */
export const modelPhotos = pgTable(
  'model_photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    modelId: bigint('model_id', { mode: 'number' })
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    modelProjectId: bigint('model_project_id', { mode: 'number' })
      .notNull()
      .references(() => modelProjects.id, { onDelete: 'cascade' }),
    fileType: text('file_type', { enum: profileFormats }).notNull(),
    camera: text('camera').notNull(),
    lens: text('lens').notNull(),
    processVersion: text('process_version').notNull(),
    cameraProfile: text('camera_profile').notNull(),
    presetType: text('preset_type').notNull(),
    params: smallint('params').array().notNull(),
  },
  (t) => [index('model_photos_model').on(t.modelId, t.modelProjectId)],
);

/** A staff member's note on a profile, written while reviewing one of its models. */
export const profileNotes = pgTable(
  'profile_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    modelId: bigint('model_id', { mode: 'number' }).references(() => models.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The author's name as it was when written (staff accounts can be renamed or removed). */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('profile_notes_profile').on(t.profileId, t.createdAt)],
);
