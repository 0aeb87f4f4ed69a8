import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { advancedOptions, editingProjectTypes, projectKinds, projectStatuses } from '../../../domain/projects';
import { charges } from './charges';
import { customers } from './customers';
import { profiles } from './profiles';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A customer's project, one table for the four kinds (editing, video, teaching, additional) so the pending-projects
 * queue is one index scan; the columns of a kind are null on the others (checks hold each kind's required ones).
 * Money: `total_charge` in minor units of the customer's currency; `charge_id` the ledger charge that billed it.
 */
export const projects = pgTable(
  'projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    profileId: bigint('profile_id', { mode: 'number' }).references(() => profiles.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: projectKinds }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: projectStatuses }).notNull(),
    /** Editing: CULL or EDIT. */
    projectType: text('project_type', { enum: editingProjectTypes }),
    /** Photos uploaded (editing, teaching: number_of_images_sent; additional: photos_in_project). */
    imagesSent: integer('images_sent').notNull().default(0),
    editsSent: integer('edits_sent').notNull().default(0),
    editsToCharge: integer('edits_to_charge').notNull().default(0),
    deliveryToGallery: boolean('delivery_to_gallery').notNull().default(false),
    catalogPath: text('catalog_path'),
    advancedOptions: text('advanced_options', { enum: advancedOptions }).array().notNull().default(sql`'{}'::text[]`),
    totalCharge: bigint('total_charge', { mode: 'number' }).notNull().default(0),
    chargeId: bigint('charge_id', { mode: 'number' }).references(() => charges.id, { onDelete: 'set null' }),
    paid: boolean('paid').notNull().default(false),
    softwareVersion: text('software_version'),
    sentFinalEditAt: at('sent_final_edit_at'),
    /** Video. */
    durationMinutes: integer('duration_minutes'),
    numberOfClips: integer('number_of_clips'),
    /** Teaching: whether the photos teach the profile, and whether they went into a finetune. */
    teach: boolean('teach'),
    finetune: boolean('finetune'),
    /** Additional: edited with the service before it was added. */
    editedWithImagen: boolean('edited_with_imagen'),
    /** The upload date (editing: `date`). */
    createdAt: at('created_at').notNull().defaultNow(),
    lastUpdatedRow: at('last_updated_row').notNull().defaultNow(),
  },
  (t) => [
    index('projects_customer_kind_created').on(t.customerId, t.kind, t.createdAt),
    index('projects_profile_kind').on(t.profileId, t.kind),
    /** The pending-projects queue: work not delivered yet, oldest first. */
    index('projects_waiting').on(t.createdAt).where(sql`${t.status} in ('UPLOADED', 'PROCESSING')`),
    check('projects_charge_not_negative', sql`${t.totalCharge} >= 0`),
    check('projects_editing_has_type', sql`(${t.kind} = 'EDITING') = (${t.projectType} is not null)`),
    check(
      'projects_video_has_duration',
      sql`${t.kind} <> 'VIDEO' or (${t.durationMinutes} is not null and ${t.numberOfClips} is not null)`,
    ),
  ],
);
