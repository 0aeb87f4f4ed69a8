import { and, eq, inArray, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Database } from '../db/client';
import { customers, models, profiles, projects } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { queuePipelineEvent } from '../integrations/pipeline/outbox';
import { findCustomer, recordStaffAction } from '../users/customer-records';
import { versionMicros } from '../users/details/general';
import { changeProfile, countProfiles, lockProfile, ownerRow, type ProfileRecord, timeline } from './commands';

/**
 * The customer locked, with room for one more profile: 409 `profile_limit` naming the limit (max_personal_profiles)
 * when they have as many as they may. The lock makes two additions at once count one after the other.
 */
async function roomForProfile(db: Database, customerId: number) {
  const [owner] = await db.select().from(customers).where(eq(customers.id, customerId)).for('update');
  if (!owner) throw fail('customer_not_found');
  if (owner.profilesUsed >= owner.profilesMax) {
    throw fail('profile_limit', {
      detail: `The customer has ${owner.profilesUsed} of ${owner.profilesMax} profiles (max_personal_profiles): delete one first`,
    });
  }
  return owner;
}

async function insertProfile(db: Database, values: typeof profiles.$inferInsert): Promise<ProfileRecord> {
  const [row] = await db.insert(profiles).values(values).returning();
  if (!row) throw new Error('profile not inserted');
  await countProfiles(db, values.customerId, 1);
  return row;
}

/** POST users/{id}/profiles/actions/add_talent_profile: a TALENT profile (DRAFT until it is trained). */
export const addTalentProfile = handle(api.profiles.addTalentProfile, async ({ db, params, body, can, staff }) => {
  const owner = await roomForProfile(db, params.user_id);
  const profile = await insertProfile(db, {
    customerId: owner.id,
    name: body.profile_name,
    type: 'TALENT',
    state: 'DRAFT',
    format: body.format,
    color: body.color,
    builtWith: 'TALENT_STYLE',
  });
  await timeline(db, profile, staff, 'Talent profile added');
  return { profile: await ownerRow(db, profile, can) };
});

/**
 * POST users/{id}/profiles/actions/add_profile_id: a copy of another profile (its name, kind, format, colour, and
 * the model it edits with, so it is READY at once); 404 for an unknown or deleted profile, 409 for the customer's own.
 */
export const addProfileId = handle(api.profiles.addProfileId, async ({ db, params, body, can, staff }) => {
  await findCustomer(db, params.user_id);
  const [source] = await db.select().from(profiles).where(eq(profiles.id, body.profile_id));
  if (!source || source.state === 'DELETED') throw fail('profile_not_found', { field: 'profile_id' });
  if (source.customerId === params.user_id) {
    throw fail('profile_already_owned', { field: 'profile_id' });
  }
  const owner = await roomForProfile(db, params.user_id);
  const [model] = source.currentModelId
    ? await db.select().from(models).where(eq(models.id, source.currentModelId))
    : [];
  const profile = await insertProfile(db, {
    customerId: owner.id,
    name: source.name,
    type: source.type,
    state: 'DRAFT',
    format: source.format,
    color: source.color,
    builtWith: source.builtWith,
  });
  if (model) {
    const [copy] = await db
      .insert(models)
      .values({
        profileId: profile.id,
        customerId: owner.id,
        name: model.name,
        state: 'READY',
        type: model.type,
        photos: model.photos,
        projects: model.projects,
        isAutomated: false,
        tags: ['copied'],
      })
      .returning({ id: models.id });
    if (copy) await changeProfile(db, profile.id, { currentModelId: copy.id, state: 'READY' });
  }
  await recordStaffAction(db, owner.id, staff, 'Profile added by id', [
    { label: 'Profile', value: `${profile.name} (#${profile.id})` },
    { label: 'Copied from', value: `#${source.id}` },
  ]);
  return { profile: await ownerRow(db, profile, can) };
});

/** PUT profiles/{id}: the format and colour dropdowns, only on the version read (409 stale_version otherwise). */
export const editProfile = handle(api.profiles.editProfile, async ({ db, params, body, can, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state === 'DELETED') throw fail('profile_deleted');
  const sent = versionMicros(body.last_updated_row);
  if (sent === null || sent !== versionMicros(isoTimestamp(profile.lastUpdatedRow))) throw fail('stale_version');
  const changes = {
    ...(body.format ? { format: body.format } : {}),
    ...(body.color ? { color: body.color } : {}),
  };
  await changeProfile(db, profile.id, changes);
  const said = [
    body.format && body.format !== profile.format ? `format ${profile.format} → ${body.format}` : null,
    body.color && body.color !== profile.color ? `color ${profile.color} → ${body.color}` : null,
  ].filter(Boolean);
  await recordStaffAction(db, profile.customerId, staff, 'Profile changed', [
    { label: 'Profile', value: `${profile.name} (#${profile.id})` },
    { label: 'Change', value: said.join(', ') || 'nothing new' },
  ]);
  return { profile: await ownerRow(db, profile, can) };
});

/**
 * POST profiles/{id}/actions/send_for_teaching: a TEACHING project of the photos edited with the profile, UPLOADED
 * (it waits on the pending-projects page); 409 while one is waiting already or for a deleted profile.
 */
export const sendForTeaching = handle(api.profiles.sendForTeaching, async ({ db, params, can, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state === 'DELETED') throw fail('profile_deleted');
  const [waiting] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.profileId, profile.id),
        eq(projects.kind, 'TEACHING'),
        inArray(projects.status, ['UPLOADED', 'PROCESSING']),
      ),
    )
    .limit(1);
  if (waiting) throw fail('teaching_in_queue');
  const [photos] = await db
    .select({ n: sql<number>`coalesce(sum(${projects.editsSent}), 0)::int` })
    .from(projects)
    .where(and(eq(projects.profileId, profile.id), eq(projects.kind, 'EDITING')));
  const [teaching] = await db
    .insert(projects)
    .values({
      customerId: profile.customerId,
      profileId: profile.id,
      kind: 'TEACHING',
      name: `Teaching: ${profile.name}`,
      status: 'UPLOADED',
      imagesSent: photos?.n ?? 0,
      teach: true,
      finetune: false,
    })
    .returning({ id: projects.id, images: projects.imagesSent });
  if (!teaching) throw new Error('teaching project not inserted');
  await queuePipelineEvent(db, 'project.teach', {
    customer_id: profile.customerId,
    profile_id: profile.id,
    project_id: teaching.id,
    photos: teaching.images,
  });
  await changeProfile(db, profile.id, {});
  await timeline(db, profile, staff, 'Profile sent for teaching');
  return { profile: await ownerRow(db, profile, can) };
});
