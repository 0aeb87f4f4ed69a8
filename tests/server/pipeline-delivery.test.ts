import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pipelineOutbox } from '../../server/db/schema';
import { deliverDuePipelineEvents } from '../../server/integrations/pipeline/delivery';
import { type PipelineSettings, pipelineDefaults } from '../../server/integrations/pipeline/settings';
import { type StandIn, startStandIn } from '../../tools/stand-in-pipeline/stand-in';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile, insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

const secret = 'pipeline-test-secret-0123456789';

describeEachBackend('integrations: job events reach the editing pipeline, each once', (backend) => {
  const t = useTestApi(backend, { pipeline: { ...pipelineDefaults, webhookUrl: null, secret } });
  let standIn: StandIn;
  let settings: PipelineSettings;
  let admin: Client;
  beforeAll(async () => {
    // The stand-in only receives here (its reports back are tested in pipeline-inbound.test.ts): a long step.
    standIn = await startStandIn({ loupeUrl: 'http://127.0.0.1:9', secret, port: 0, stepMs: 3_600_000 });
    settings = { ...pipelineDefaults, webhookUrl: standIn.url, secret, backoffBaseMs: 40, backoffMaxMs: 200 };
    admin = await t.api.signIn('ADMIN');
  });
  afterAll(async () => {
    await standIn?.close();
  });

  const events = (ids?: number[]) =>
    t.api.db
      .select()
      .from(pipelineOutbox)
      .where(ids ? inArray(pipelineOutbox.id, ids) : undefined)
      .orderBy(pipelineOutbox.id);

  it('queues an event with each job call, in its transaction (a refused call queues none)', async () => {
    const customer = await insertCustomer(t.api.db);
    const project = await insertProject(t.api.db, customer.id, { status: 'READY', imagesSent: 50 });
    const profile = await insertProfile(t.api.db, customer.id, { state: 'DRAFT' });
    const [, failed] = await insertModels(t.api.db, profile, ['READY', 'FAIL'], 0);
    if (!failed) throw new Error('models not inserted');
    const before = (await events()).length;
    const calls = [
      await admin.post(t.api.projects.reedit, { project_id: project.id }, { reason: 'Too warm' }),
      await admin.post(t.api.projects.reedit, { project_id: project.id }, { reason: 'Again' }),
      await admin.post(t.api.profiles.sendForTeaching, { profile_id: profile.id }),
      await admin.post(t.api.models.updateState, {}, { model_id: failed.id, state: 'PENDING', reason: 'Retry' }),
    ];
    expect(calls.map((call) => call.status)).toEqual([200, 409, 200, 200]);
    const queued = (await events()).slice(before);
    expect(queued.map((event) => [event.type, event.state])).toEqual([
      ['project.reedit', 'PENDING'],
      ['project.teach', 'PENDING'],
      ['model.finetune', 'PENDING'],
    ]);
    expect(queued[0]?.data).toEqual({
      customer_id: customer.id,
      profile_id: null,
      project_id: project.id,
      reason: 'Too warm',
      photos: 50,
    });
    expect(queued[2]?.data).toMatchObject({ model_id: failed.id, profile_id: profile.id, reason: 'Retry' });
  });

  it('keeps retrying while the receiver is down, then delivers every event once', async () => {
    await t.api.db.update(pipelineOutbox).set({ state: 'DELIVERED' });
    const customer = await insertCustomer(t.api.db);
    // Manual training is for a DRAFT profile (409 otherwise).
    const profile = await insertProfile(t.api.db, customer.id, { state: 'DRAFT' });
    const projectsSent = [];
    for (let n = 0; n < 12; n += 1)
      projectsSent.push(await insertProject(t.api.db, customer.id, { status: 'DOWNLOADED' }));
    for (const project of projectsSent) {
      expect((await admin.post(t.api.projects.reedit, { project_id: project.id }, { reason: 'Redo' })).status).toBe(
        200,
      );
    }
    expect((await admin.post(t.api.profiles.sendForManualTraining, { profile_id: profile.id })).status).toBe(200);
    const queued = (await events()).filter((event) => event.state === 'PENDING');
    expect(queued).toHaveLength(13);
    standIn.setDown(true);
    const downUntil = Date.now() + 600;
    while (Date.now() < downUntil) {
      const pass = await deliverDuePipelineEvents(t.api.db, settings);
      expect(pass.delivered).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(standIn.counts.refused).toBeGreaterThanOrEqual(13);
    expect(standIn.counts.distinct).toBe(0);
    standIn.setDown(false);
    for (let pass = 0; pass < 200; pass += 1) {
      const ids = queued.map((event) => event.id);
      if ((await events(ids)).every((event) => event.state === 'DELIVERED')) break;
      await deliverDuePipelineEvents(t.api.db, settings);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const delivered = await events(queued.map((event) => event.id));
    expect(delivered.every((event) => event.state === 'DELIVERED' && event.attempts >= 2)).toBe(true);
    expect(standIn.counts).toMatchObject({ distinct: 13, duplicates: 0 });
    expect([...standIn.received.keys()].sort()).toEqual(queued.map((event) => event.eventId).sort());
    const [manual] = [...standIn.received.values()].filter((event) => event.type === 'model.manual_training');
    expect(manual?.data).toMatchObject({ customer_id: customer.id, profile_id: profile.id });
    // Nothing is posted again once delivered.
    expect(await deliverDuePipelineEvents(t.api.db, settings)).toEqual({ delivered: 0, retrying: 0 });
  });

  it('shares the work between servers: four deliverers at once post each event once', async () => {
    await t.api.db.update(pipelineOutbox).set({ state: 'DELIVERED' });
    const customer = await insertCustomer(t.api.db);
    for (let n = 0; n < 10; n += 1) {
      const project = await insertProject(t.api.db, customer.id, { status: 'READY' });
      await admin.post(t.api.projects.reedit, { project_id: project.id }, { reason: 'Redo' });
    }
    const before = standIn.counts.accepted;
    const small = { ...settings, batchSize: 3 };
    const passes = await Promise.all([
      deliverDuePipelineEvents(t.api.db, small),
      deliverDuePipelineEvents(t.api.db, small),
      deliverDuePipelineEvents(t.api.db, small),
      deliverDuePipelineEvents(t.api.db, small),
    ]);
    const more = await deliverDuePipelineEvents(t.api.db, settings);
    expect(passes.reduce((sum, pass) => sum + pass.delivered, more.delivered)).toBe(10);
    expect(standIn.counts.accepted - before).toBe(10);
    expect(standIn.counts.duplicates).toBe(0);
    const left = await t.api.db.select().from(pipelineOutbox).where(eq(pipelineOutbox.state, 'PENDING'));
    expect(left).toHaveLength(0);
  });
});
