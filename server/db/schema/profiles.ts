import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  modelStates,
  profileColors,
  profileFormats,
  profileSources,
  profileStates,
  profileTypes,
} from '../../../domain/profiles';
import { customers } from './customers';
import { staff } from './staff';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A learned style profile, owned by one customer. Its counts (projects, photos, additional photos, last training)
 * are derived from `projects` and `models` when read; `current_model_id` is the model it edits with now.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: profileTypes }).notNull().default('CREATOR'),
    state: text('state', { enum: profileStates }).notNull().default('DRAFT'),
    format: text('format', { enum: profileFormats }).notNull().default('RAW'),
    color: text('color', { enum: profileColors }).notNull().default('COLOR'),
    builtWith: text('built_with', { enum: profileSources }).notNull(),
    /** When the customer asked to train it (the spec's train_my_profile_date). */
    trainRequestedAt: at('train_requested_at'),
    currentModelId: bigint('current_model_id', { mode: 'number' }).references((): AnyPgColumn => models.id, {
      onDelete: 'set null',
    }),
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Version of the row: set to now() by every change; an edit names the version it read. */
    lastUpdatedRow: at('last_updated_row').notNull().defaultNow(),
  },
  (t) => [
    index('profiles_customer').on(t.customerId, t.createdAt),
    check('profiles_deleted_has_date', sql`(${t.state} = 'DELETED') = (${t.deletedAt} is not null)`),
  ],
);

/**
 * One finetune of a profile: the model it trained. Newest first is the finetune history; the models area (issue
 * #10) adds its training projects, notes and photo parameters beside it.
 */
export const models = pgTable(
  'models',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => profiles.id, { onDelete: 'cascade' }),
    /** The profile owner's id, kept on the model so the models list filters without a join. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state', { enum: modelStates }).notNull().default('PENDING'),
    /** RAW or JPG: the format of the photos it learned from. */
    type: text('type', { enum: profileFormats }).notNull(),
    photos: integer('photos').notNull().default(0),
    projects: integer('projects').notNull().default(0),
    isAutomated: boolean('is_automated').notNull().default(true),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    failReason: text('fail_reason'),
    /** While ON_HOLD: the state it was held from, which a release goes back to (null otherwise). */
    heldFrom: text('held_from', { enum: modelStates }),
    locked: boolean('locked').notNull().default(false),
    lockMessage: text('lock_message'),
    /** When training started (the models list's date_started_the_process); null while it waits. */
    startedAt: at('started_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUpdatedRow: at('last_updated_row').notNull().defaultNow(),
  },
  (t) => [
    index('models_profile_created').on(t.profileId, t.createdAt),
    index('models_state_created').on(t.state, t.createdAt),
    /** The pending-projects queue's model branch (its order and its count; ANALYZE keeps its size as an estimate). */
    index('models_pending').on(t.createdAt).where(sql`${t.state} = 'PENDING'`),
    check('models_photos_not_negative', sql`${t.photos} >= 0 and ${t.projects} >= 0`),
    check('models_fail_has_reason', sql`${t.state} <> 'FAIL' or ${t.failReason} is not null`),
    check('models_held_from_only_on_hold', sql`${t.state} = 'ON_HOLD' or ${t.heldFrom} is null`),
  ],
);

/**
 * A profile shared with someone, by e-mail: `recipientId` when the address is a customer's (is_registered).
 * Silent shares are not announced to the recipient.
 */
export const profileShares = pgTable(
  'profile_shares',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    recipientId: integer('recipient_id').references(() => customers.id, { onDelete: 'set null' }),
    isSilent: boolean('is_silent').notNull().default(false),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profile_shares_profile_email').on(t.profileId, t.email),
    index('profile_shares_recipient').on(t.recipientId),
  ],
);
