import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, customers, models, profiles } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { insertModels, insertProfile, insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('profile commands: delete, recover, send for manual training, revert', (backend) => {
  const t = useTestApi(backend);
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  const stored = async (id: number) => (await t.api.db.select().from(profiles).where(eq(profiles.id, id)))[0];
  const modelsOf = (id: number) => t.api.db.select().from(models).where(eq(models.profileId, id)).orderBy(models.id);

  it('deletes a profile (uncounted, RECOVER offered) and recovers it within the customer’s limit, with audit rows', async () => {
    const customer = await insertCustomer(t.api.db, { profilesUsed: 1, profilesMax: 1 });
    const profile = await insertProfile(t.api.db, customer.id);
    await insertModels(t.api.db, profile, ['READY'], 0);
    const deleted = await master.post(t.api.profiles.deleteProfile, { profile_id: profile.id });
    expect(deleted.status).toBe(200);
    expect(deleted.json.profile).toMatchObject({ id: profile.id, status: 'DELETED', disable_color: true });
    expect(deleted.json.profile.quick_actions.map((action) => action.name)).toEqual(['RECOVER_PROFILE']);
    expect((await readCustomer(t.api.db, customer.id))?.profilesUsed).toBe(0);
    const again = await master.post(t.api.profiles.deleteProfile, { profile_id: profile.id });
    expect(again.status).toBe(409);

    // The one free place is taken meanwhile: recovering would exceed the limit.
    await insertProfile(t.api.db, customer.id, { name: 'Newer' });
    await t.api.db.update(customers).set({ profilesUsed: 1 }).where(eq(customers.id, customer.id));
    const refused = await master.post(t.api.profiles.recoverProfile, { profile_id: profile.id });
    expect(refused.status).toBe(409);
    expect(refused.error.detail).toBe('The customer has 1 of 1 profiles (max_personal_profiles): delete one first');
    expect((await stored(profile.id))?.state).toBe('DELETED');
  });

  it('recovers a deleted profile as READY when it has a model, and counts it again', async () => {
    const customer = await insertCustomer(t.api.db, { profilesUsed: 0, profilesMax: 3 });
    const profile = await insertProfile(t.api.db, customer.id, { state: 'DELETED', deletedAt: '2026-05-01T00:00:00Z' });
    await insertModels(t.api.db, profile, ['READY'], 0);
    const recovered = await master.post(t.api.profiles.recoverProfile, { profile_id: profile.id });
    expect(recovered.status).toBe(200);
    expect(recovered.json.profile.status).toBe('READY');
    expect((await stored(profile.id))?.deletedAt).toBeNull();
    expect((await readCustomer(t.api.db, customer.id))?.profilesUsed).toBe(1);
    const audit = await t.api.db.select().from(auditLog).where(eq(auditLog.callId, 'profiles.recoverProfile'));
    expect(audit.map((row) => row.targetId)).toContain(String(profile.id));
    expect((await master.post(t.api.profiles.recoverProfile, { profile_id: profile.id })).status).toBe(409);
  });

  it('queues one manual training (a PENDING model of the profile’s photos), not a second while it waits', async () => {
    const customer = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, customer.id, { state: 'DRAFT', format: 'JPG' });
    await insertProject(t.api.db, customer.id, { profileId: profile.id, imagesSent: 700 });
    const sent = await master.post(t.api.profiles.sendForManualTraining, { profile_id: profile.id });
    expect(sent.status).toBe(200);
    expect(sent.json.profile.train_my_profile_date).not.toBeNull();
    expect(sent.json.profile.quick_actions).toContainEqual({
      name: 'SEND_FOR_MANUAL_TRAINING',
      is_disabled: true,
      disable_message: 'A model of this profile is training already',
    });
    const queued = await modelsOf(profile.id);
    expect(queued.map((model) => [model.state, model.type, model.photos, model.isAutomated])).toEqual([
      ['PENDING', 'JPG', 700, false],
    ]);
    const second = await master.post(t.api.profiles.sendForManualTraining, { profile_id: profile.id });
    expect(second.status).toBe(409);
    expect(await modelsOf(profile.id)).toHaveLength(1);
  });

  it('refuses manual training for a profile that is not DRAFT (409), and queues nothing', async () => {
    const customer = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, customer.id, { state: 'READY' });
    const sent = await master.post(t.api.profiles.sendForManualTraining, { profile_id: profile.id });
    expect(sent.status).toBe(409);
    expect(sent.error.code).toBe('profile_not_draft');
    expect(await modelsOf(profile.id)).toHaveLength(0);
  });

  it('reverts to an earlier model: it becomes current and READY, the one before DEPRECATED; the history shows it', async () => {
    const customer = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, customer.id);
    const [first, failed, current] = await insertModels(t.api.db, profile, ['DEPRECATED', 'FAIL', 'READY'], 2);
    const reverted = await master.post(t.api.profiles.revertToModel, {
      profile_id: profile.id,
      model_id: first?.id as number,
    });
    expect(reverted.status).toBe(200);
    expect((await stored(profile.id))?.currentModelId).toBe(first?.id);
    const history = await master.get(t.api.profiles.finetuneHistory, { profile_id: profile.id });
    expect(history.json.rows.map((row) => [row.model_id, row.state, row.is_current, row.action])).toEqual([
      [current?.id, 'DEPRECATED', false, 'REVERT'],
      [failed?.id, 'FAIL', false, null],
      [first?.id, 'READY', true, null],
    ]);
    const toFailed = await master.post(t.api.profiles.revertToModel, {
      profile_id: profile.id,
      model_id: failed?.id as number,
    });
    expect(toFailed.status).toBe(409);
    const other = await insertProfile(t.api.db, customer.id);
    const foreign = await master.post(t.api.profiles.revertToModel, {
      profile_id: other.id,
      model_id: current?.id as number,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.error.detail).toBe('This profile has no model with this id');
    expect((await stored(other.id))?.currentModelId).toBeNull();
  });

  it('a locked model refuses every change but unlock: a revert away from it or to it, a move that would deprecate it', async () => {
    // Issue 19 item 3: the revert used to move a locked READY model to DEPRECATED.
    const customer = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, customer.id);
    const [earlier, current, waiting] = await insertModels(
      t.api.db,
      profile,
      ['DEPRECATED', 'READY', 'PENDING_REVIEW'],
      1,
    );
    const lock = (id: number, locked: boolean) =>
      t.api.db
        .update(models)
        .set({ locked, lockMessage: locked ? 'Under review by QA' : null })
        .where(eq(models.id, id));
    const states = async () => (await modelsOf(profile.id)).map((model) => model.state);
    const before = await states();
    await lock(current?.id as number, true);
    const away = await master.post(t.api.profiles.revertToModel, {
      profile_id: profile.id,
      model_id: earlier?.id as number,
    });
    expect(away.status).toBe(409);
    expect(away.error).toMatchObject({ code: 'model_locked' });
    expect(away.error.detail).toContain('Under review by QA');
    const promote = await master.post(
      t.api.models.updateState,
      {},
      { model_id: waiting?.id as number, state: 'READY' },
    );
    expect(promote.status).toBe(409);
    expect(promote.error.code).toBe('model_locked');
    expect(await states()).toEqual(before);
    expect((await stored(profile.id))?.currentModelId).toBe(current?.id);
    await lock(current?.id as number, false);
    await lock(earlier?.id as number, true);
    const to = await master.post(t.api.profiles.revertToModel, {
      profile_id: profile.id,
      model_id: earlier?.id as number,
    });
    expect(to.error.code).toBe('model_locked');
    expect(await states()).toEqual(before);
    await lock(earlier?.id as number, false);
    const reverted = await master.post(t.api.profiles.revertToModel, {
      profile_id: profile.id,
      model_id: earlier?.id as number,
    });
    expect(reverted.status).toBe(200);
  });

  it('answers 404 for an unknown profile and refuses a marketer with 403, changing nothing', async () => {
    expect((await master.post(t.api.profiles.deleteProfile, { profile_id: 987_654_321 })).status).toBe(404);
    const customer = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, customer.id);
    const marketer = await t.api.signIn('MARKETER_PLUS');
    expect((await marketer.post(t.api.profiles.deleteProfile, { profile_id: profile.id })).status).toBe(403);
    expect((await stored(profile.id))?.state).toBe('READY');
  });
});
