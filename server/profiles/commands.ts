import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { api } from '../../domain/api';
import type { Permission } from '../../domain/permissions';
import type { ProfileRow } from '../../domain/profiles';
import type { Database } from '../db/client';
import { customers, models, profiles, projects } from '../db/schema';
import { fail } from '../http/errors';
import { handle, type StaffMember } from '../http/handler';
import { queuePipelineEvent } from '../integrations/pipeline/outbox';
import { refuseIfAnyLocked } from '../models/state';
import { recordStaffAction } from '../users/customer-records';
import { profilesOf } from './list';
import { profileRow, trainingModelStates } from './rows';

export type ProfileRecord = typeof profiles.$inferSelect;

/** The profile, locked for this transaction (one change at a time), or 404. */
export async function lockProfile(db: Database, id: number): Promise<ProfileRecord> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, id)).for('update');
  if (!profile) throw fail('profile_not_found');
  return profile;
}

/** Changes profile columns and bumps its row version. */
export async function changeProfile(
  db: Database,
  id: number,
  changes: PgUpdateSetSource<typeof profiles>,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...changes, lastUpdatedRow: sql`now()` })
    .where(eq(profiles.id, id));
}

/** The profile as its owner's Profiles tab shows it now, for the caller. */
export async function ownerRow(
  db: Database,
  profile: ProfileRecord,
  can: (p: Permission) => boolean,
): Promise<ProfileRow> {
  const record = (await profilesOf(db, profile.customerId)).find((each) => each.id === profile.id);
  if (!record) throw fail('profile_not_found');
  return profileRow(record, profile.customerId, can);
}

/** Moves the owner's count of live profiles (`profiles_used`, the users list's profiles x/y) by `by`. */
export async function countProfiles(db: Database, customerId: number, by: 1 | -1): Promise<void> {
  await db
    .update(customers)
    .set({ profilesUsed: sql`greatest(0, ${customers.profilesUsed} + ${by})`, lastUpdatedRow: sql`now()` })
    .where(eq(customers.id, customerId));
}

export const timeline = (db: Database, profile: ProfileRecord, staff: StaffMember, event: string) =>
  recordStaffAction(db, profile.customerId, staff, event, [
    { label: 'Profile', value: `${profile.name} (#${profile.id})` },
  ]);

export const deleteProfile = handle(api.profiles.deleteProfile, async ({ db, params, can, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state === 'DELETED') throw fail('profile_deleted', { detail: 'This profile is deleted already' });
  await changeProfile(db, profile.id, { state: 'DELETED', deletedAt: sql`now()` });
  await countProfiles(db, profile.customerId, -1);
  await timeline(db, profile, staff, 'Profile deleted');
  return { profile: await ownerRow(db, profile, can) };
});

export const recoverProfile = handle(api.profiles.recoverProfile, async ({ db, params, can, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state !== 'DELETED') throw fail('profile_not_deleted');
  const [owner] = await db.select().from(customers).where(eq(customers.id, profile.customerId)).for('update');
  if (owner && owner.profilesUsed >= owner.profilesMax) {
    throw fail('profile_limit', {
      detail: `The customer has ${owner.profilesUsed} of ${owner.profilesMax} profiles (max_personal_profiles): delete one first`,
    });
  }
  await changeProfile(db, profile.id, { state: profile.currentModelId ? 'READY' : 'DRAFT', deletedAt: null });
  await countProfiles(db, profile.customerId, 1);
  await timeline(db, profile, staff, 'Profile recovered');
  return { profile: await ownerRow(db, profile, can) };
});

export const sendForManualTraining = handle(api.profiles.sendForManualTraining, async ({ db, params, can, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state === 'DELETED') throw fail('profile_deleted');
  if (profile.state !== 'DRAFT')
    throw fail('profile_not_draft', {
      detail: `This profile is ${profile.state}: only a DRAFT profile can be sent for manual training`,
    });
  const training = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.profileId, profile.id), inArray(models.state, [...trainingModelStates])));
  if (training.length > 0) throw fail('profile_training');
  const [photos] = await db
    .select({ n: sql<number>`coalesce(sum(${projects.imagesSent}), 0)::int` })
    .from(projects)
    .where(and(eq(projects.profileId, profile.id), inArray(projects.kind, ['EDITING', 'TEACHING', 'ADDITIONAL'])));
  const [{ n: count } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(models)
    .where(eq(models.profileId, profile.id));
  const [model] = await db
    .insert(models)
    .values({
      profileId: profile.id,
      customerId: profile.customerId,
      name: `Model ${count + 1}`,
      state: 'PENDING',
      type: profile.format,
      photos: photos?.n ?? 0,
      isAutomated: false,
      tags: ['manual'],
    })
    .returning({ id: models.id, photos: models.photos });
  if (!model) throw new Error('model not inserted');
  await queuePipelineEvent(db, 'model.manual_training', {
    customer_id: profile.customerId,
    profile_id: profile.id,
    model_id: model.id,
    photos: model.photos,
  });
  await changeProfile(db, profile.id, { trainRequestedAt: sql`now()` });
  await timeline(db, profile, staff, 'Profile sent for manual training');
  return { profile: await ownerRow(db, profile, can) };
});

export const revertToModel = handle(api.profiles.revertToModel, async ({ db, params, can, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state === 'DELETED') throw fail('profile_deleted');
  const [model] = await db
    .select()
    .from(models)
    .where(and(eq(models.id, params.model_id), eq(models.profileId, profile.id)));
  if (!model) throw fail('model_not_found');
  const finished = model.state === 'READY' || model.state === 'DEPRECATED';
  if (!finished || model.id === profile.currentModelId) throw fail('model_not_revertible');
  // Both models change state: a locked one (the chosen or the current) refuses the revert, like every other change.
  await refuseIfAnyLocked(
    db,
    and(eq(models.profileId, profile.id), inArray(models.id, [model.id, profile.currentModelId ?? model.id])),
  );
  // The model it used until now stays in the history as DEPRECATED; the chosen one is READY again.
  if (profile.currentModelId !== null) {
    await db
      .update(models)
      .set({ state: 'DEPRECATED', lastUpdatedRow: sql`now()` })
      .where(and(eq(models.id, profile.currentModelId), eq(models.state, 'READY')));
  }
  await db.update(models).set({ state: 'READY', lastUpdatedRow: sql`now()` }).where(eq(models.id, model.id));
  await changeProfile(db, profile.id, { currentModelId: model.id, state: 'READY' });
  await queuePipelineEvent(db, 'profile.revert', {
    customer_id: profile.customerId,
    profile_id: profile.id,
    model_id: model.id,
  });
  await timeline(db, profile, staff, `Profile reverted to ${model.name} (#${model.id})`);
  return { profile: await ownerRow(db, profile, can) };
});
